import { appendFile } from "node:fs/promises";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-load-");
  await temp.writeSkill(
    "project/.agents/skills/review",
    { name: "review", description: "Use when reviewing a PR." },
    "Review $0 on $1.\n",
  );
  await temp.writeSkill("project/.agents/skills/twin", { name: "twin", description: "A." });
  await temp.writeSkill("project/.claude/skills/twin", { name: "twin", description: "B." });
  await temp.write({ "project/notes.md": "not a skill\n" });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset load", () => {
  it("prints the message envelope with arguments substituted", async () => {
    const { code, stdout } = await cli("load", "review", "PR 42", "main", "--envelope", "message");
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "<skill>
      <name>review</name>
      <path><tmp>/project/.agents/skills/review/SKILL.md</path>
      Review PR 42 on main.
      </skill>
      "
    `);
  });

  it("keeps arguments given as separate words grouped in $ARGUMENTS, as the shell gave them", async () => {
    await temp.writeSkill(
      "project/.agents/skills/echo",
      { name: "echo", description: "Use when echoing." },
      "All: $ARGUMENTS | first: $0 | second: $1\n",
    );
    const { code, stdout } = await cli("load", "echo", "a b", "c", "--json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      args: ["a b", "c"],
      body: `All: "a b" c | first: a b | second: c\n`,
    });
  });

  it("prints the tool envelope by default and JSON on request", async () => {
    expect((await cli("load", "review")).stdout).toContain('<skill_content name="review">');
    const { stdout } = await cli("load", ".agents/skills/review", "x", "--json");
    expect(JSON.parse(stdout)).toMatchObject({ envelope: "tool", args: ["x"], body: "Review x on .\n" });
  });

  it("exits 1 for unknown, ambiguous and disabled skills and for files that are not skills", async () => {
    const unknown = await cli("load", "reveiw");
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain("Did you mean review?");
    const twin = await cli("load", "twin");
    expect(twin.code).toBe(1);
    expect(twin.stderr).toContain("<tmp>/project/.claude/skills/twin/SKILL.md");
    expect((await cli("load", "notes.md")).code).toBe(1);
    expect((await cli("load", "../../../../etc/passwd")).code).toBe(1);
    await cli("disable", "review");
    const disabled = await cli("load", "review");
    expect(disabled.code).toBe(1);
    expect(disabled.stderr).toContain("skillset enable review");
  });

  it("says why a skill at the path given failed to load (exit 1)", async () => {
    await temp.write({
      "project/.agents/skills/latin1/SKILL.md": "---\nname: latin1\ndescription: x\n---\n",
    });
    await appendFile(
      temp.join("project/.agents/skills/latin1/SKILL.md"),
      Buffer.from([0x63, 0x61, 0x66, 0xe9]),
    );
    const { code, stderr } = await cli("load", ".agents/skills/latin1/SKILL.md");
    expect(code).toBe(1);
    expect(stderr).toContain("skillset load: No skill could be loaded from '.agents/skills/latin1/SKILL.md'");
    expect(stderr).toContain("not valid UTF-8");
    expect(stderr).toContain("encoding-invalid");
  });

  it("shows a near name's control characters escaped, on load and read (no raw terminal escapes)", async () => {
    await temp.writeSkill("project/.agents/skills/esc", {
      name: "esc\u001b[31mred\u001b]52;c;ZXZpbA==\u0007",
      description: "Use when testing.",
    });
    for (const argv of [
      ["load", "esc"],
      ["read", "skill://esc"],
    ]) {
      const { code, stderr } = await cli(...argv);
      expect(code).toBe(1);
      expect(stderr).toContain("Did you mean esc\\x1b[31mred\\x1b]52;c;ZXZpbA==\\x07?");
      expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    }
  });

  it("refuses a skill a permission rule denies, on load, read and search", async () => {
    await temp.write({
      "project/.skillset/config.json": JSON.stringify({
        discovery: { providers: { system: false } },
        policy: { permissions: [{ action: "deny", skill: "review" }] },
      }),
    });
    const denied = await cli("load", "review");
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain("denied by a permission rule");
    expect((await cli("read", "skill://review")).code).toBe(1);
    expect((await cli("search", "review")).code).toBe(1);
    expect((await cli("search", "review", "--all")).code).toBe(0);
  });

  it("refuses a SKILL.md over the read limit as skill_read does (exit 1), naming the file, the limit and the fix", async () => {
    await temp.writeSkill(
      "project/.agents/skills/huge",
      { name: "huge", description: "Use for a huge task." },
      "Do it.\n".repeat(40_000),
    );
    const { code, stdout, stderr } = await cli("load", "huge");
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("<tmp>/project/.agents/skills/huge/SKILL.md is 280058 bytes");
    expect(stderr).toContain("over the 262144-byte limit");
    expect(stderr).toContain("references/");
  });

  it("exits 2 for an unknown envelope", async () => {
    expect((await cli("load", "review", "--envelope", "letter")).code).toBe(2);
  });
});
