import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import type { LintRule } from "./lint-rule.js";
import { lintSkills } from "./lint-skills.js";
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
});
