/**
 * @module Runs lint rules over a set of skills. Rules see every skill being linted (for duplicate names)
 * and reach the disk only through the given FileSystem.
 */
import type { WalkLimits } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { type LintRule, type LintTarget, lintKey } from "./lint-rule.js";
import { lintRules } from "./rules/index.js";

/** Options of {@link lintSkills}. */
export interface LintOptions {
  /** Default: the real disk. */
  fs?: FileSystem;
  /** Default: every built-in rule ({@link lintRules}). */
  rules?: readonly LintRule[];
  /** Slash commands the host owns, on top of the built-in list. */
  hostCommands?: readonly string[];
  /** Skills linted at once (default 16). */
  concurrency?: number;
  /** `lintPaths`: follow links that lead out of a given tree (default false). */
  followExternalLinks?: boolean;
  /** `lintPaths`: bounds of each tree's walk (default `VALIDATE_WALK_LIMITS`; see `validateWalkLimits`). */
  limits?: WalkLimits;
  /**
   * `lintSkillFiles`: the base specification alone, so every field beyond it is an `unexpected-fields`
   * warning. Default false: the fields skillset honours are `extension-field` notes, others are not reported.
   */
  specOnly?: boolean;
}

/** The lint findings of one skill, in rule order. */
export interface LintResult {
  skill: LintTarget;
  diagnostics: Diagnostic[];
}

/**
 * Findings one rule reports for one skill, at most: a hostile SKILL.md naming 50,000 missing files would
 * otherwise print megabytes. The rest are counted in one more finding.
 */
export const MAX_FINDINGS_PER_RULE = 50;

function atMost(limit: number, found: Diagnostic[]): Diagnostic[] {
  if (found.length <= limit) return found;
  const last = found[limit - 1] as Diagnostic;
  return [
    ...found.slice(0, limit),
    diagnostic(
      last.severity,
      last.code,
      `…and ${found.length - limit} more ${last.code} findings in this file (the first ${limit} are shown); fix those and lint again.`,
      last.path,
    ),
  ];
}

/**
 * Lints every target. A rule that throws does not stop the others: its failure becomes an error
 * diagnostic `lint-rule-failed` naming the rule.
 */
export async function lintSkills(
  targets: readonly LintTarget[],
  options: LintOptions = {},
): Promise<LintResult[]> {
  const { fs = nodeFileSystem, rules = lintRules, hostCommands = [], concurrency = 16 } = options;
  const byName = new Map<string, LintTarget[]>();
  for (const target of targets) {
    const key = lintKey(target);
    const group = byName.get(key);
    if (group) group.push(target);
    else byName.set(key, [target]);
  }
  const results: LintResult[] = new Array(targets.length);
  let cursor = 0;
  const worker = async () => {
    while (cursor < targets.length) {
      const index = cursor++;
      const skill = targets[index]!;
      const found: Diagnostic[] = [];
      for (const rule of rules) {
        try {
          found.push(...atMost(MAX_FINDINGS_PER_RULE, await rule.check({ skill, byName, fs, hostCommands })));
        } catch (error) {
          found.push(
            diagnostic(
              "error",
              "lint-rule-failed",
              `Lint rule ${rule.id} failed on this skill (${(error as Error).message}); report it as a skillset bug.`,
              skill.path,
            ),
          );
        }
      }
      results[index] = { skill, diagnostics: found };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  return results;
}
