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

  it("for an ambiguous name, lists each skill's exact skill:// URL, and each one reads that skill", async () => {
    await temp.writeSkill("project/.agents/skills/twin", { name: "twin", description: "A." }, "BODY A\n");
    await temp.writeSkill("project/.claude/skills/twin", { name: "twin", description: "B." }, "BODY B\n");
    const result = await cli("read", "skill://twin/SKILL.md");
    expect(result).toMatchObject({ code: 1, stdout: "" });
    const lines = result.stderr.split("\n");
    expect(lines[0]).toBe(
      "skillset read: 'twin' names 2 skills; read one by its exact skill:// URL (or load it by its path with `skillset load <path>`):",
    );
    const listed = lines.slice(1, 3).map((line) => /^ {2}(skill:\/\/\S+) {2}(\S+) \(repo\)$/.exec(line));
    expect(listed.map((match) => match?.[2])).toEqual([
      "<tmp>/project/.agents/skills/twin/SKILL.md",
      "<tmp>/project/.claude/skills/twin/SKILL.md",
    ]);
    for (const [index, body] of ["BODY A", "BODY B"].entries()) {
      const uri = listed[index]?.[1] ?? "";
      expect(uri).toMatch(/^skill:\/\/twin@repo-[0-9a-f]{8}\/SKILL\.md$/);
      const read = await cli("read", uri);
      expect(read, uri).toMatchObject({ code: 0, stderr: "" });
      expect(read.stdout).toContain(body);
      expect(JSON.parse((await cli("read", "--json", uri)).stdout)).toMatchObject({ uri });
    }
  });

  it("reads a skill:// name as a name only, as skill_read does, never as a path", async () => {
    const result = await cli("read", "skill://.agents%2Fskills%2Fpdf/references/tables.md");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("No skill named '.agents/skills/pdf'");
  });
});
