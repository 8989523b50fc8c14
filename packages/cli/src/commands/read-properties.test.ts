import { createTempDir, createTempProject, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-read-properties-");
});
afterEach(() => temp.cleanup());

// A name is looked up among the skills around cwd: HOME is the temp dir's, never the tester's.
const cli = (...argv: string[]) =>
  runCliCaptured({
    argv,
    cwd: temp.path,
    env: { ...isolatedEnv(temp), NO_COLOR: "1" },
    replaceTemp: temp.path,
  });

describe("skillset read-properties", () => {
  it("prints the frontmatter as JSON, keys as written, two-space indent", async () => {
    await temp.write({
      "pdf/SKILL.md": [
        "---",
        "name: pdf",
        "description: Use when filling PDF forms.",
        "license: MIT",
        "allowed-tools: Bash(python:*) Read",
        "metadata:",
        "  author: me",
        '  version: "1.0"',
        "---",
        "Body",
      ].join("\n"),
    });
    const result = await cli("read-properties", "pdf");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "{
        "name": "pdf",
        "description": "Use when filling PDF forms.",
        "license": "MIT",
        "allowed-tools": "Bash(python:*) Read",
        "metadata": {
          "author": "me",
          "version": "1.0"
        }
      }
      "
    `);
  });

  it("accepts the SKILL.md path and a repaired description", async () => {
    await temp.write({ "pdf/SKILL.md": "---\nname: pdf\ndescription: Use when: a PDF arrives\n---\n" });
    const result = await cli("read-properties", "pdf/SKILL.md");
    expect(JSON.parse(result.stdout)).toEqual({ name: "pdf", description: "Use when: a PDF arrives" });
  });

  it.each([
    ["a missing path", {}, "./nope", "Path does not exist: <tmp>/nope"],
    [
      "a folder without SKILL.md",
      { "empty/x.txt": "" },
      "empty",
      "Missing required file: SKILL.md in <tmp>/empty",
    ],
    [
      "no frontmatter",
      { "pdf/SKILL.md": "# PDF\n" },
      "pdf",
      "SKILL.md must start with YAML frontmatter (---)",
    ],
    [
      "no description",
      { "pdf/SKILL.md": "---\nname: pdf\n---\n" },
      "pdf",
      "Missing required field in frontmatter: description",
    ],
    [
      "a binary file",
      { "pdf/SKILL.md": new Uint8Array([0, 1, 2]) },
      "pdf",
      "<tmp>/pdf/SKILL.md contains a NUL byte",
    ],
  ])("fails with exit 1 on %s", async (_, files, path, phrase) => {
    await temp.write(files as Record<string, string | Uint8Array>);
    const result = await cli("read-properties", path);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(result.stderr).toContain(phrase);
  });

  it("shows a failure inert: a folder name with an escape sequence reaches stderr escaped", async () => {
    await temp.write({ "x\u001b]52;c;ZXZpbA==\u0007y/SKILL.md": "# no frontmatter\n" });
    const result = await cli("read-properties", "./x\u001b]52;c;ZXZpbA==\u0007y");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("x\\x1b]52;c;ZXZpbA==\\x07y");
    expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it("says no skill has a name that is no path (with near names) and lists an ambiguous name's skills", async () => {
    const project = await createTempProject("skillset-read-properties-names-");
    try {
      await project.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
      await project.writeSkill("project/.agents/skills/twin", { name: "twin", description: "A." });
      await project.writeSkill("project/.claude/skills/twin", { name: "twin", description: "B." });
      const inProject = (name: string) =>
        runCliCaptured({
          argv: ["read-properties", name],
          cwd: project.join("project"),
          env: isolatedEnv(project),
          replaceTemp: project.path,
        });
      expect(await inProject("pfd")).toEqual({
        code: 1,
        stdout: "",
        stderr:
          "skillset read-properties: No skill named 'pfd', and no file or folder at <tmp>/project/pfd. Did you mean pdf?\n",
      });
      expect(await inProject("twin")).toEqual({
        code: 1,
        stdout: "",
        stderr:
          "skillset read-properties: 'twin' is ambiguous; it names 2 skills:\n" +
          "  <tmp>/project/.agents/skills/twin/SKILL.md (repo, agents)\n" +
          "  <tmp>/project/.claude/skills/twin/SKILL.md (repo, claude)\n" +
          "Name one by its path, or rename all but one.\n" +
          "Their folders differ in SKILL.md. To make them one skill, keep one folder and replace the others with links to it (`skillset add <source> --agent …` links unless given `--copy`), or remove all but one.\n",
      });
      expect((await inProject(".claude/skills/twin")).code).toBe(0); // the path the hint asks for
    } finally {
      await project.cleanup();
    }
  });

  it("needs exactly one path", async () => {
    expect((await cli("read-properties")).code).toBe(2);
  });
});
