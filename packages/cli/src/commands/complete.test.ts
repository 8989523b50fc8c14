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

  it("leaves out a skill a permission rule denies: load refuses it (SPEC §11)", async () => {
    await temp.writeSkill("project/.agents/skills/alpha-one", { name: "alpha-one", description: "Use it." });
    await temp.writeSkill("project/.agents/skills/beta", { name: "beta", description: "Use it." });
    await temp.write({
      "home/.config/skillset/config.json": JSON.stringify({
        policy: { permissions: [{ action: "deny", skill: "alpha-*" }] },
      }),
    });
    expect(await cli("__complete", "skills")).toMatchObject({ code: 0, stdout: "beta\n" });
    expect((await cli("load", "alpha-one")).code).toBe(1);
  });

  it("offers each skill of an ambiguous name by the exact name load accepts, not the name", async () => {
    await temp.writeSkill("project/.agents/skills/dup", { name: "dup", description: "One." }, "ONE\n");
    await temp.writeSkill("project/.claude/skills/dup", { name: "dup", description: "Two." }, "TWO\n");
    const { stdout } = await cli("__complete", "skills");
    const names = stdout.split("\n").filter((line) => line !== "");
    expect(names).toHaveLength(2);
    expect(names).not.toContain("dup");
    const bodies = [];
    for (const name of names) {
      expect(name).toMatch(/^dup@repo-[0-9a-f]{8}$/);
      const loaded = await cli("load", name);
      expect(loaded.code).toBe(0);
      bodies.push(loaded.stdout.includes("ONE") ? "ONE" : "TWO");
    }
    expect(bodies.sort()).toEqual(["ONE", "TWO"]);
  });
});
