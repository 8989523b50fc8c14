import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-complete-");
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset __complete skills", () => {
  it("leaves out skills hidden from people (user-invocable: false)", async () => {
    await temp.writeSkill("project/.agents/skills/shown", { name: "shown", description: "Use it." });
    await temp.writeSkill("project/.agents/skills/model-only", {
      name: "model-only",
      description: "Use it.",
      "user-invocable": false,
    });
    expect(await cli("__complete", "skills")).toMatchObject({ code: 0, stdout: "shown\n" });
  });

  it("offers names a person can type, never shell code or terminal escapes", async () => {
    const names = {
      plain: "release-notes",
      script: "écrire-v2.1",
      substitution: "inj$(id>pwned)",
      backquote: "inj`id`",
      escape: "esc\u001b[31mred\u001b]52;c;ZXZpbA==\u0007",
      newline: "two\nlines",
      semicolon: "a;b",
    };
    for (const [folder, name] of Object.entries(names)) {
      await temp.writeSkill(`project/.agents/skills/${folder}`, { name, description: "Use it." });
    }
    const { code, stdout } = await cli("__complete", "skills");
    expect(code).toBe(0);
    expect(stdout.split("\n").filter((line) => line !== "")).toEqual(["release-notes", "écrire-v2.1"]);
  });
});
