/**
 * @module For the tests of one lint rule: write a skill into a temp dir, load it as lint sees it, and run
 * that rule alone on it. Not exported from the package; it lives here so every rule's test shares it.
 */
import assert from "node:assert/strict";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Scope } from "../model/skill.js";
import type { TempDir } from "../test/temp-tree.js";
import type { LintRule, LintTarget } from "./lint-rule.js";
import { lintSkills } from "./lint-skills.js";
import { loadLintTarget } from "./load-lint-target.js";

/** A description every rule accepts: it says what the skill does and when to use it. */
const goodDescription = "Fill PDF forms. Use when the user asks to fill in a PDF.";

/** The two steps of a rule test, bound to one rule and one temp dir. */
export interface LintRuleHarness {
  /** Writes `<dir>/SKILL.md` (name = last folder, a good description, then `fields`) and reads it for lint. */
  skill(dir: string, fields?: Record<string, unknown>, body?: string, scope?: Scope): Promise<LintTarget>;
  /**
   * Runs the rule alone on `target` (and `others`, for rules across skills) and returns the findings on
   * `target`. Fails when a finding's code is not the rule's id or its message is too short to help.
   */
  run(target: LintTarget, others?: LintTarget[]): Promise<Diagnostic[]>;
}

/**
 * Binds the harness to `rule`; `temp` is called on each use, so it can read a `let` set in `beforeEach`.
 *
 * @example
 * const { skill, run } = lintRuleHarness(noXmlTags, () => temp);
 * expect(await run(await skill("pdf", { description: "Use when <b>x</b>." }))).toHaveLength(1);
 */
export function lintRuleHarness(rule: LintRule, temp: () => TempDir): LintRuleHarness {
  return {
    async skill(dir, fields = {}, body = "Do the thing.\n", scope) {
      const path = await temp().writeSkill(
        dir,
        { name: dir.split("/").pop(), description: goodDescription, ...fields },
        body,
      );
      const { target } = await loadLintTarget({ path, scope }, { fs: nodeFileSystem });
      assert.ok(target, `${path} did not load as a lint target`);
      return target;
    },
    async run(target, others = []) {
      const [result] = await lintSkills([target, ...others], { rules: [rule], fs: nodeFileSystem });
      const findings = result?.diagnostics ?? [];
      for (const finding of findings) {
        assert.equal(finding.code, rule.id);
        assert.ok(finding.message.length > 20, `message too short to help: ${finding.message}`);
      }
      return findings;
    },
  };
}
