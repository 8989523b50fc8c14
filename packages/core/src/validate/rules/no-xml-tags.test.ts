import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { noXmlTags } from "./no-xml-tags.js";

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
  const [result] = await lintSkills([target, ...others], { rules: [noXmlTags], fs: nodeFileSystem });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(noXmlTags.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("no-xml-tags", () => {
  it("fires on tags in the description or the name", async () => {
    const found = await run(await skill("pdf", { description: "Use when <example>x</example>." }));
    expect(found.map((d) => [d.severity, d.field])).toEqual([["error", "description"]]);
    expect(found[0]?.message).toContain("<example>");
  });

  it("does not fire on comparisons or arrows", async () => {
    expect(await run(await skill("pdf", { description: "Use when a < b or x -> y." }))).toEqual([]);
  });
});
