import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-new-");
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.path, env: isolatedEnv(temp), replaceTemp: temp.path });

const tree = () => readdirSync(temp.path, { recursive: true, encoding: "utf8" }).sort();

describe("skillset new", () => {
  it("scaffolds .agents/skills/<name> that passes validate --strict and lint", async () => {
    const result = await cli("new", "pdf-forms");
    expect(result).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "Created .agents/skills/pdf-forms/
        SKILL.md
        references/REFERENCE.md
      Next: fill in the TODOs, then run \`skillset validate --strict .agents/skills/pdf-forms\` and \`skillset lint .agents/skills/pdf-forms\`.
      ",
      }
    `);
    expect(await readFile(temp.join(".agents/skills/pdf-forms/SKILL.md"), "utf8")).toMatchInlineSnapshot(`
      "---
      name: pdf-forms
      description: "TODO: describe what pdf-forms does. Use when the user asks to …"
      ---

      # Pdf forms

      ## When to use

      - TODO: the requests and situations this skill is for.

      ## Instructions

      1. TODO: the steps to follow, in order.

      ## Resources

      Details needed only sometimes live in [references/REFERENCE.md](references/REFERENCE.md); read it when
      a step needs it. Keep this file under 500 lines and link every reference directly from here.
      "
    `);
    expect(await cli("validate", "--strict", ".agents/skills/pdf-forms")).toMatchObject({ code: 0 });
    const lint = await cli("lint", "--json", ".agents/skills/pdf-forms");
    expect(lint.code).toBe(0);
    expect(JSON.parse(lint.stdout).summary).toEqual({ skills: 1, errors: 0, warnings: 0 });
  });

  it("takes --dir and --description, and non-Latin names", async () => {
    const result = await cli(
      "new",
      "навык",
      "--dir",
      "skills",
      "--description",
      "Use when the user writes in Russian.",
    );
    expect(result.code).toBe(0);
    const text = await readFile(temp.join("skills/навык/SKILL.md"), "utf8");
    expect(text).toContain('name: навык\ndescription: "Use when the user writes in Russian."');
    expect((await cli("validate", "--strict", "skills")).code).toBe(0);
  });

  it.each([
    ["Pdf", "name-uppercase"],
    ["pdf--forms", "name-consecutive-hyphens"],
    ["pdf-", "name-hyphen-edge"],
    ["pdf_forms", "name-invalid-characters"],
    ["../escape", "name-invalid-characters"],
    ["a".repeat(65), "name-too-long"],
    ["claude-helper", "reserved-name"],
  ])("refuses the name %j (exit 2, naming the rule) and writes nothing", async (name, code) => {
    const result = await cli("new", name);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`(${code})`);
    expect(result.stderr).toContain("Usage: skillset new");
    expect(tree()).toEqual([]);
  });

  it("refuses a bad description (exit 2)", async () => {
    const result = await cli("new", "pdf", "--description", "Use when <b>PDF</b>.");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no-xml-tags");
    expect((await cli("new", "pdf", "--description", "")).stderr).toContain("description-empty");
  });

  it("refuses an existing folder (exit 1) and overwrites nothing", async () => {
    await temp.write({ ".agents/skills/pdf/SKILL.md": "mine" });
    const result = await cli("new", "pdf");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "skillset new: .agents/skills/pdf already exists; nothing was changed. Choose another name or remove it.\n",
    );
    expect(await readFile(temp.join(".agents/skills/pdf/SKILL.md"), "utf8")).toBe("mine");
    expect(tree()).toEqual([
      ".agents",
      ".agents/skills",
      ".agents/skills/pdf",
      ".agents/skills/pdf/SKILL.md",
    ]);
  });

  it("warns about a host command name but creates the skill", async () => {
    const result = await cli("new", "review");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("host-command-name");
  });

  it("has --help", async () => {
    expect((await cli("new", "--help")).stdout).toContain(
      "Usage: skillset new <name> [--dir DIR] [--description TEXT]",
    );
  });
});

describe("skillset new: where and what it suggests", () => {
  it("writes to the project root's .agents/skills from a subfolder", async () => {
    await temp.write({ ".git/HEAD": "ref: refs/heads/main\n", "src/deep/keep.txt": "" });
    const result = await runCliCaptured({
      argv: ["new", "pdf-forms", "--json"],
      cwd: temp.join("src/deep"),
      env: isolatedEnv(temp),
      replaceTemp: temp.path,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      schemaVersion: 1,
      name: "pdf-forms",
      path: "<tmp>/.agents/skills/pdf-forms/SKILL.md",
      files: ["SKILL.md", "references/REFERENCE.md"],
    });
  });

  it("suggests a name that is itself valid", async () => {
    const { code, stderr } = await cli("new", "My_Skill");
    expect(code).toBe(2);
    expect(stderr).toContain("Write name: my-skill in SKILL.md");
    expect(stderr).toContain("Try `skillset new my-skill`.");
    expect((await cli("new", "my-skill")).code).toBe(0);
  });
});
