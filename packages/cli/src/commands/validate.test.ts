import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { corpusDir, hasCorpus, NEEDS_CORPUS } from "../../../core/src/test/corpus.js";
import { isolatedEnv, runCliCaptured } from "../testing/index.js";
import { skillsetVersion } from "../version.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-validate-");
});
afterEach(() => temp.cleanup());

const description = "Fill PDF forms. Use when the user asks to fill a PDF.";

/** HOME and XDG folders inside the temp dir: `validate` with no paths reads config, never the tester's own. */
const cli = (argv: string[], env: Record<string, string> = { NO_COLOR: "1" }) =>
  runCliCaptured({ argv, cwd: temp.path, env: { ...isolatedEnv(temp), ...env }, replaceTemp: temp.path });

function tree(): string[] {
  return readdirSync(temp.path, { recursive: true, encoding: "utf8" }).sort();
}

describe("skillset validate", () => {
  it("prints findings grouped by file and a summary; exit 1 on errors", async () => {
    await temp.writeSkill("skills/pdf", { name: "pdf", description });
    await temp.writeSkill("skills/Docx", { name: "Docx", description, author: "me" });
    const result = await cli(["validate", "--strict", "skills"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatchInlineSnapshot(`
      "skills/Docx/SKILL.md
        4:1  error  Unexpected fields in frontmatter: author. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed. Move them under metadata: or remove them from SKILL.md.  unexpected-fields
        2:1  error  Skill name 'Docx' must be lowercase. Write name: docx in SKILL.md and name the folder docx.  name-uppercase

      2 skills checked, 2 errors, 0 warnings
      "
    `);
  });

  it("exits 0 when every skill is valid, and checks the current folder by default", async () => {
    await temp.writeSkill(".agents/skills/pdf", { name: "pdf", description });
    const result = await cli(["validate", "--strict"]);
    expect(result).toEqual({ code: 0, stdout: "1 skill checked, 0 errors, 0 warnings\n", stderr: "" });
  });

  it("without --strict reports tolerated spec breaks as warnings (exit 0)", async () => {
    await temp.writeSkill("pdf", { name: "other", description, version: "1.0" });
    const result = await cli(["validate", "pdf"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("warning");
    expect(result.stdout).toContain("name-directory-mismatch");
    expect(result.stdout).toContain("1 skill checked, 0 errors, 1 warning");
  });

  it("colours output unless NO_COLOR", async () => {
    await temp.writeSkill("Pdf", { name: "Pdf", description });
    expect((await cli(["validate", "--strict", "Pdf"], { FORCE_COLOR: "1" })).stdout).toContain("\u001b[31m");
    expect((await cli(["validate", "--strict", "Pdf"], { NO_COLOR: "1" })).stdout).not.toContain("\u001b[");
  });

  it("--json lists every checked skill, clean ones included", async () => {
    await temp.writeSkill("skills/pdf", { name: "pdf", description });
    await temp.writeSkill("skills/bad", { name: "Bad", description });
    const result = await cli(["validate", "--strict", "--json", "skills"]);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json.valid).toBe(false);
    expect(json.summary).toEqual({ skills: 2, errors: 2, warnings: 0 });
    expect(
      json.skills.map((s: { path: string; name: string; valid: boolean }) => [s.path, s.name, s.valid]),
    ).toEqual([
      ["<tmp>/skills/bad/SKILL.md", "Bad", false],
      ["<tmp>/skills/pdf/SKILL.md", "pdf", true],
    ]);
    expect(json.skills[0].diagnostics.map((d: { code: string }) => d.code)).toEqual([
      "name-uppercase",
      "name-directory-mismatch",
    ]);
    expect(json.skills[1].diagnostics).toEqual([]);
  });

  it("--sarif prints a SARIF 2.1.0 log with relative URIs", async () => {
    await temp.writeSkill("skills/bad", { name: "Bad", description });
    const result = await cli(["validate", "--strict", "--sarif", "skills"]);
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout);
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].tool.driver.name).toBe("skillset");
    expect(log.runs[0].tool.driver.version).toBe(skillsetVersion());
    expect(log.runs[0].results[0]).toMatchObject({
      ruleId: "name-uppercase",
      level: "error",
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "skills/bad/SKILL.md" },
            region: { startLine: 2, startColumn: 1 },
          },
        },
      ],
    });
  });

  it("--json with --sarif is a usage error", async () => {
    const result = await cli(["validate", "--json", "--sarif"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("choose one of --json and --sarif");
  });

  it("has --help", async () => {
    const result = await cli(["validate", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "Usage: skillset validate [paths…] [--strict] [--spec-only] [--json|--sarif]",
    );
  });

  it("checking the project (no paths) searches as deep as its discovery.limits allow; a limit names its real value", async () => {
    const deep = `.agents/skills/${"d/".repeat(39)}deep`;
    await temp.writeSkill(deep, { name: "deep", description });
    const env = isolatedEnv(temp);
    const run = (argv: string[]) => runCliCaptured({ argv, cwd: temp.path, env, replaceTemp: temp.path });
    // Without a setting, validate's own bound (32) applies, and the warning says how to go past it.
    const bounded = await run(["validate", "--json"]);
    const limit = JSON.parse(bounded.stdout).skills.flatMap(
      (report: { diagnostics: { code: string; message: string }[] }) => report.diagnostics,
    );
    expect(limit.find((found: { code: string }) => found.code === "walk-limit")?.message).toContain(
      "more than 32 levels deep; skills beyond that were not checked. Check a folder nearer those skills, or, when checking the project (no paths given), raise discovery.limits.maxDepth above 32",
    );
    // A project may not raise a limit on its own (SPEC §11): the person's own config raises it.
    await temp.write({
      ".skillset/config.json": JSON.stringify({ discovery: { limits: { maxDepth: 500 } } }),
    });
    expect((await run(["validate"])).stdout).toContain("walk-limit");
    await temp.write({
      "home/.config/skillset/config.json": JSON.stringify({ discovery: { limits: { maxDepth: 500 } } }),
    });
    for (const command of ["validate", "lint"]) {
      const result = await run([command]);
      expect(result.stdout, command).not.toContain("walk-limit");
      expect(result.stdout, command).toContain("1 skill checked, 0 errors");
    }
    // A smaller project limit never narrows the check.
    await temp.write({ ".skillset/config.json": JSON.stringify({ discovery: { limits: { maxDepth: 1 } } }) });
    await temp.writeSkill(".agents/skills/a/b/c/shallow", { name: "shallow", description });
    expect((await run(["validate"])).stdout).toContain("1 skill checked");
  });

  it.skipIf(!hasCorpus())(
    `pins the strict errors of the official corpus skills ${NEEDS_CORPUS}`,
    async () => {
      const result = await cli(["validate", "--strict", join(corpusDir(), "official")]);
      expect(result.code).toBe(1);
      expect(result.stdout.split("\n").at(-2)).toBe("42 skills checked, 2 errors, 0 warnings");
    },
  );
});

describe("skillset validate: bad input gives one line naming the path and the problem", () => {
  const findingLines = (stdout: string) =>
    stdout.split("\n").filter((line) => /^\s+(\S+\s+)?error\s/.test(line));

  it.each([
    [
      "a folder without SKILL.md",
      { "empty/README.md": "hi" },
      "empty",
      "Missing required file: SKILL.md in <tmp>/empty",
    ],
    [
      "a file where a folder was expected",
      { "notes.txt": "hi" },
      "notes.txt",
      "Not a directory: <tmp>/notes.txt",
    ],
    ["a missing path", {}, "nope", "Path does not exist: <tmp>/nope"],
    [
      "invalid UTF-8",
      { "latin/SKILL.md": new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0x0a]) },
      "latin",
      "This file is not valid UTF-8",
    ],
    [
      "a binary SKILL.md",
      { "binary/SKILL.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]) },
      "binary",
      "This file contains a NUL byte",
    ],
  ])("%s", async (_, files, path, phrase) => {
    await temp.write(files as Record<string, string | Uint8Array>);
    const before = tree();
    const result = await cli(["validate", path]);
    expect(result.code).toBe(1);
    const lines = findingLines(result.stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(phrase);
    expect(result.stderr).toBe("");
    expect(tree()).toEqual(before);
  });

  it("a usage error exits 2", async () => {
    expect((await cli(["validate", "--bogus"])).code).toBe(2);
  });
});
