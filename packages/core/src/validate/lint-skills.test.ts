import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import type { LintRule } from "./lint-rule.js";
import { lintSkills, MAX_FINDINGS_PER_RULE } from "./lint-skills.js";
import { loadLintTarget } from "./load-lint-target.js";
import { lintRules, reservedName } from "./rules/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

async function skill(dir: string) {
  const path = await temp.writeSkill(dir, {
    name: dir,
    description: "Fill PDF forms. Use when the user asks to fill in a PDF.",
  });
  return (await loadLintTarget(path, { fs: nodeFileSystem })).target!;
}

describe("lint rules", () => {
  it("each rule has an id, a severity, a summary and a one-line fix, and ids are unique", () => {
    const ids = lintRules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of lintRules) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(["error", "warning", "info"]).toContain(rule.severity);
      expect(rule.fix).not.toContain("\n");
      expect(rule.summary.length).toBeGreaterThan(10);
    }
  });

  it("a clean skill passes every rule", async () => {
    const [result] = await lintSkills([await skill("pdf-forms")]);
    expect(result?.diagnostics).toEqual([]);
  });

  it("a rule that throws becomes a lint-rule-failed error, and the others still run", async () => {
    const broken: LintRule = {
      ...reservedName,
      id: "no-xml-tags",
      check: () => Promise.reject(new Error("boom")),
    };
    const [result] = await lintSkills([await skill("claude-x")], { rules: [broken, reservedName] });
    expect(result?.diagnostics.map((d) => d.code)).toEqual(["lint-rule-failed", "reserved-name"]);
  });

  it("reports at most 50 findings of one rule for one skill, then how many more", async () => {
    const many = Array.from(
      { length: 60 },
      (_, index) => `- [file ${index}](references/missing-${index}.md)`,
    );
    const path = await temp.writeSkill(
      "pdf-forms",
      { name: "pdf-forms", description: "Fill PDF forms. Use when the user asks to fill in a PDF." },
      `${many.join("\n")}\n`,
    );
    const target = (await loadLintTarget(path, { fs: nodeFileSystem })).target!;
    const [result] = await lintSkills([target]);
    const missing = (result?.diagnostics ?? []).filter((found) => found.code === "missing-reference");
    expect(missing).toHaveLength(MAX_FINDINGS_PER_RULE + 1);
    expect(missing.at(-1)?.message).toBe(
      "…and 10 more missing-reference findings in this file (the first 50 are shown); fix those and lint again.",
    );
  });
});
