import { symlinkSync } from "node:fs";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-read-");
  await temp.writeSkill(
    "project/.agents/skills/pdf",
    { name: "pdf", description: "Use for PDFs." },
    "Body.\n",
  );
  await temp.write({
    "project/.agents/skills/pdf/references/tables.md": "# Tables\n",
    "secret.txt": "SECRET\n",
  });
  symlinkSync(temp.join("secret.txt"), temp.join("project/.agents/skills/pdf/leak.md"));
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset read", () => {
  it("prints a file of a skill and lists a folder", async () => {
    expect(await cli("read", "skill://pdf/references/tables.md")).toMatchObject({
      code: 0,
      stdout: "# Tables\n",
    });
    expect((await cli("read", "skill://pdf/references")).stdout).toBe("tables.md\n");
    expect((await cli("read", "skill://pdf")).stdout).toContain("Body.");
  });

  it("refuses paths that leave the skill, with exit 1, and non-URLs with exit 2", async () => {
    for (const uri of ["skill://pdf/../../../secret.txt", "skill://pdf/%2e%2e/x", "skill://pdf/leak.md"]) {
      const result = await cli("read", uri);
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).not.toContain("SECRET");
    }
    expect((await cli("read", "skill://pdf/nope.md")).stderr).toContain(
      "File not found: skill://pdf/nope.md",
    );
    expect((await cli("read", "/etc/passwd")).code).toBe(2);
    expect((await cli("read", "skill://nope")).code).toBe(1);
  });

  it("for an ambiguous name, says skill:// cannot choose and gives a command that can", async () => {
    await temp.writeSkill("project/.agents/skills/twin", { name: "twin", description: "A." });
    await temp.writeSkill("project/.claude/skills/twin", { name: "twin", description: "B." });
    expect(await cli("read", "skill://twin")).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "skillset read: 'twin' names 2 skills, and a skill:// URL cannot choose between them; load one by its path with `skillset load <path>`, or rename all but one:\n" +
        "  <tmp>/project/.agents/skills/twin/SKILL.md (repo)\n" +
        "  <tmp>/project/.claude/skills/twin/SKILL.md (repo)\n",
    });
    expect(
      (await cli("load", "<tmp>/project/.claude/skills/twin/SKILL.md".replace("<tmp>", temp.path))).code,
    ).toBe(0);
  });
});
