import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// SPEC §4: a name typed in another Unicode form (`cafe` + U+0301 for `café`) names the same skill.
const composed = "caf\u00e9";
const decomposed = "cafe\u0301";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-name-forms-");
  await temp.writeSkill(
    `project/.agents/skills/${composed}`,
    { name: composed, description: "Use when brewing coffee." },
    "BREW\n",
  );
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("a skill name typed decomposed", () => {
  it("loads the skill, the first time and from the name index after", async () => {
    for (const round of [1, 2]) {
      const loaded = await cli("load", decomposed);
      expect(loaded, `round ${round}`).toMatchObject({ code: 0, stderr: "" });
      expect(loaded.stdout).toContain("BREW");
    }
  });

  it("resolves as a mention", async () => {
    const resolved = await cli("resolve", `$${decomposed} now`);
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(`Using skill: ${composed}`);
  });
});
