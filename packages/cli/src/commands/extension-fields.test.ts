import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type GitFixture, makeGitRepo } from "../../../install/src/testing/make-git-repo.js";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// validate --strict, lint and add share one rule (core's `fieldsBeyondSpec`): fields skillset honours
// beyond the base specification are notes, never a finding telling someone to delete them, unless
// --spec-only asks for the base specification alone.
let temp: TempDir;
let repo: GitFixture;
const skill = [
  "---",
  "name: demo",
  "description: Demo skill. Use when testing the first hour.",
  "disable-model-invocation: true",
  'argument-hint: "[file]"',
  "context: fork",
  "---",
  "Body.",
  "",
].join("\n");
const note = (field: string) =>
  `Field '${field}' is a Claude Code extension, honoured by skillset; not in the base spec (--spec-only reports it as an unexpected field).`;
const unexpected = "Unexpected fields in frontmatter: argument-hint, context, disable-model-invocation.";

beforeEach(async () => {
  temp = await createTempProject("skillset-extension-fields-");
  await temp.write({ "project/skills/demo/SKILL.md": skill, "tmp/.keep": "" });
  repo = await makeGitRepo(temp.join("repos"));
  await repo.commit({ "SKILL.md": skill });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    env: { ...isolatedEnv(temp), TMPDIR: temp.join("tmp"), NO_COLOR: "1" },
    replaceTemp: temp.path,
  });

describe("Claude Code extension fields skillset honours", () => {
  it("validate --strict notes them and passes; --spec-only reports the specification's unexpected fields", async () => {
    const strict = await cli("validate", "--strict", "skills/demo");
    expect(strict.code).toBe(0);
    expect(strict.stdout).toContain(`4:1  info  ${note("disable-model-invocation")}  extension-field`);
    expect(strict.stdout).toContain(note("argument-hint"));
    expect(strict.stdout).toContain(note("context"));
    expect(strict.stdout).not.toContain("Unexpected fields");
    expect(strict.stdout).toContain("1 skill checked, 0 errors, 0 warnings");

    const specOnly = await cli("validate", "--spec-only", "skills/demo");
    expect(specOnly.code).toBe(1);
    expect(specOnly.stdout).toContain(`error  ${unexpected}`);
    expect(specOnly.stdout).not.toContain("extension-field");
  });

  it("validate --strict --json carries the notes as info findings with their field", async () => {
    const result = await cli("validate", "--strict", "--json", "skills/demo");
    const findings = JSON.parse(result.stdout).skills[0].diagnostics;
    expect(
      findings.map((finding: { severity: string; code: string; field: string }) => finding.field),
    ).toEqual(["disable-model-invocation", "argument-hint", "context"]);
    expect(new Set(findings.map((finding: { severity: string }) => finding.severity))).toEqual(
      new Set(["info"]),
    );
  });

  it("lint notes them; lint --spec-only warns with the specification's unexpected fields", async () => {
    const lint = await cli("lint", "skills/demo");
    expect(lint.code).toBe(0);
    expect(lint.stdout).toContain(note("context"));
    expect(lint.stdout).toContain("0 errors, 0 warnings");
    const specOnly = await cli("lint", "--spec-only", "skills/demo");
    expect(specOnly.code).toBe(0);
    expect(specOnly.stdout).toContain(`warning  ${unexpected}`);
    expect(specOnly.stdout).toContain("0 errors, 1 warning");
  });

  it("add shows them as notes, not as fields to remove; add --spec-only as unexpected fields", async () => {
    // The review wraps at 80 columns: compared with runs of whitespace as one space.
    const flat = (text: string) => text.replace(/\s+/g, " ");
    const added = await cli("add", repo.url, "--yes");
    expect(added.code).toBe(0);
    expect(flat(added.stdout)).toContain(` note ${note("argument-hint")} extension-field`);
    expect(added.stdout).not.toContain("remove them");
    const again = await cli("add", repo.url, "--yes", "--force", "--spec-only");
    expect(again.code).toBe(0);
    expect(flat(again.stdout)).toContain(`warning ${unexpected}`);
    expect(again.stdout).not.toContain("extension-field");
  });
});
