import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempDir("skillset-to-prompt-");
  await temp.writeSkill("skills/pdf-tools", {
    name: "pdf-tools",
    description: 'Use when reading <PDF> forms & "tables".',
  });
  await temp.write({
    "skills/lower/skill.md": "---\nname: lower\ndescription: Lowercase file name.\n---\nBody\n",
  });
  await temp.write({ "skills/empty/README.md": "no skill here\n" });
  await temp.write({ "skills/no-description/SKILL.md": "---\nname: no-description\n---\n" });
});

afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.path, env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset to-prompt", () => {
  it("prints <available_skills> for the given folders, in order, like the reference", async () => {
    const { code, stdout, stderr } = await cli("to-prompt", "skills/pdf-tools", "skills/lower/skill.md");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>
      pdf-tools
      </name>
      <description>
      Use when reading &lt;PDF&gt; forms &amp; &quot;tables&quot;.
      </description>
      <location>
      <tmp>/skills/pdf-tools/SKILL.md
      </location>
      </skill>
      <skill>
      <name>
      lower
      </name>
      <description>
      Lowercase file name.
      </description>
      <location>
      <tmp>/skills/lower/skill.md
      </location>
      </skill>
      </available_skills>
      "
    `);
  });

  it("reports each bad folder on one line, prints nothing else, and exits 1", async () => {
    const bad = ["skills/empty", "skills/nope", "skills/no-description"];
    const { code, stdout, stderr } = await cli("to-prompt", "skills/pdf-tools", ...bad);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatchInlineSnapshot(`
      "skillset to-prompt: <tmp>/skills/empty: Missing required file: SKILL.md
      skillset to-prompt: <tmp>/skills/nope: Path does not exist
      skillset to-prompt: <tmp>/skills/no-description/SKILL.md: \`description\` is missing, so the skill is not loaded; add \`description: <what it does and when to use it>\`.
      "
    `);
  });

  it("needs at least one folder", async () => {
    const { code, stderr } = await cli("to-prompt");
    expect(code).toBe(2);
    expect(stderr).toContain("missing argument");
  });
});

describe("skillset to-prompt and read-properties take names", () => {
  it("a name of a skill in effect works like its folder", async () => {
    const project = await createTempDir("skillset-names-");
    try {
      await project.write({ ".git/HEAD": "ref: refs/heads/main\n" });
      await project.writeSkill(".agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
      const run = (...argv: string[]) =>
        runCliCaptured({ argv, cwd: project.path, env: isolatedEnv(project), replaceTemp: project.path });
      const byName = await run("to-prompt", "pdf");
      const byPath = await run("to-prompt", ".agents/skills/pdf");
      expect(byName.code).toBe(0);
      expect(byName.stdout).toBe(byPath.stdout);
      expect(byName.stdout).toContain("<name>\npdf\n</name>");
      const properties = await run("read-properties", "pdf");
      expect(JSON.parse(properties.stdout)).toMatchObject({ name: "pdf" });
      expect((await run("to-prompt", "nosuch")).code).toBe(1);
    } finally {
      await project.cleanup();
    }
  });
});
