import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import type { Scope } from "../../model/skill.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { duplicateName } from "./duplicate-name.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const goodDescription = "Fill PDF forms. Use when the user asks to fill in a PDF.";

/** Writes `<dir>/SKILL.md` (name = last folder, a good description, then `fields`) and reads it for lint. */
async function skill(
  dir: string,
  fields: Record<string, unknown> = {},
  body = "Do the thing.\n",
  scope?: Scope,
): Promise<LintTarget> {
  const path = await temp.writeSkill(
    dir,
    { name: dir.split("/").pop(), description: goodDescription, ...fields },
    body,
  );
  const { target } = await loadLintTarget({ path, scope }, { fs: nodeFileSystem });
  return target!;
}

/** Runs this rule alone on `target` (and `others`, for rules across skills); checks every finding's code. */
async function run(target: LintTarget, others: LintTarget[] = []) {
  const [result] = await lintSkills([target, ...others], { rules: [duplicateName], fs: nodeFileSystem });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(duplicateName.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("duplicate-name", () => {
  it("fires on each skill sharing a name, naming the other and its scope", async () => {
    const a = await skill("repo/pdf", {}, undefined, "repo");
    const b = await skill("user/pdf", {}, undefined, "user");
    const results = await lintSkills([a, b], { rules: [duplicateName] });
    expect(results.map((r) => r.diagnostics.length)).toEqual([1, 1]);
    expect(results[0]?.diagnostics[0]?.message).toContain("(user scope)");
    expect(await run(a, [b])).toHaveLength(1);
  });

  it("does not fire on distinct names", async () => {
    expect(await run(await skill("pdf"), [await skill("docx")])).toEqual([]);
  });
});
