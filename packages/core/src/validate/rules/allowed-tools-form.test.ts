import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { allowedToolsForm } from "./allowed-tools-form.js";

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
): Promise<LintTarget> {
  const path = await temp.writeSkill(
    dir,
    { name: dir.split("/").pop(), description: goodDescription, ...fields },
    body,
  );
  const { target } = await loadLintTarget(path, { fs: nodeFileSystem });
  return target!;
}

/** Runs this rule alone on `target` (and `others`, for rules across skills); checks every finding's code. */
async function run(target: LintTarget, others: LintTarget[] = []) {
  const [result] = await lintSkills([target, ...others], { rules: [allowedToolsForm], fs: nodeFileSystem });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(allowedToolsForm.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("allowed-tools-form", () => {
  it.each([
    ["bash Read", "should be spelled Bash"],
    ["Bash git:*", "write Bash(git:*)"],
    ["Bash(git:* Read", "unbalanced parentheses"],
    ["read(file)", "should be spelled Read(file)"],
    ["Bash) Read", "unbalanced parentheses"],
  ])("fires on %j", async (tools, phrase) => {
    const found = await run(await skill("pdf", { "allowed-tools": tools }));
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain(phrase);
    expect(found[0]?.field).toBe("allowed-tools");
  });

  it.each([
    "Bash(git status:*) Read Write",
    "Read, Grep, Glob",
    ["Bash(npm run *)", "mcp__github__create_issue"],
  ])("does not fire on %j", async (tools) => {
    expect(await run(await skill("pdf", { "allowed-tools": tools }))).toEqual([]);
  });
});
