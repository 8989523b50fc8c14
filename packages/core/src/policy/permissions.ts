/**
 * @module The one permission decision (SPEC §11), used by every path a skill can be reached by: the
 * catalog, search, `$mention`, `/command`, each tool, `skill://` reads, the CLI and the MCP server.
 * `deny` beats `allow` beats `ask`; a skill no rule names is allowed.
 */
import type { PermissionAnswer } from "../state/state-schema.js";
import type { PolicyRule } from "./permission-rules.js";
import { compileSkillGlob, type GlobSkill, type SkillGlob } from "./skill-glob.js";

/** The tool a request comes through; absent for the catalog, search, mentions, commands and the CLI. */
export type PermissionTool = "skill_load" | "use_skill";

/** What the rules say about one skill on one path. */
export interface PermissionDecision {
  action: "allow" | "deny" | "ask";
  /** The rule that decided (the first of its action), absent when no rule named the skill. */
  rule?: PolicyRule;
  /** The remembered answer that settled an `ask`, when there was one. */
  answer?: PermissionAnswer;
}

/** The compiled rules. */
export interface Permissions {
  readonly rules: readonly PolicyRule[];
  /**
   * Decides for `skill` reached through `tool` (absent: a path that is not a tool call). Rules with a
   * `tool` apply only to calls of that tool. An `ask` settled by a remembered answer for this skill (and
   * this tool, or `*`) becomes that answer.
   */
  decide(skill: GlobSkill, tool?: PermissionTool): PermissionDecision;
  /** True when the skill is denied on every path (hidden from the catalog and search, refused by mentions). */
  isDenied(skill: GlobSkill): boolean;
  /** Rules whose glob names none of `skills` (except `mayMatchNothing` ones), for a diagnostic (a typo in a rule is otherwise silent). */
  unmatched(skills: readonly GlobSkill[]): PolicyRule[];
}

interface Compiled {
  rule: PolicyRule;
  matches: SkillGlob;
}

/**
 * Compiles rules and remembered answers once.
 * @example createPermissions(rules, { home }).decide(skill, "skill_load").action // "deny"
 */
export function createPermissions(
  rules: readonly PolicyRule[],
  options: { home: string; answers?: readonly PermissionAnswer[] },
): Permissions {
  const compiled: Compiled[] = rules.map((rule) => {
    const included = compileSkillGlob(rule.skill, options.home);
    const excluded = (rule.except ?? []).map((glob) => compileSkillGlob(glob, options.home));
    return { rule, matches: (skill) => included(skill) && !excluded.some((glob) => glob(skill)) };
  });
  const answers = new Map<string, PermissionAnswer>();
  for (const answer of options.answers ?? []) answers.set(answerKey(answer.skill, answer.tool), answer);

  function decide(skill: GlobSkill, tool?: PermissionTool): PermissionDecision {
    let allow: PolicyRule | undefined;
    let ask: PolicyRule | undefined;
    for (const { rule, matches } of compiled) {
      const applies = rule.tool === undefined || rule.tool === "*" || rule.tool === tool;
      if (!applies || !matches(skill)) continue;
      if (rule.action === "deny") return { action: "deny", rule };
      if (rule.action === "allow") allow ??= rule;
      else ask ??= rule;
    }
    if (allow) return { action: "allow", rule: allow };
    if (!ask) return { action: "allow" };
    const answer = (tool && answers.get(answerKey(skill.id, tool))) ?? answers.get(answerKey(skill.id, "*"));
    return answer ? { action: answer.action, rule: ask, answer } : { action: "ask", rule: ask };
  }

  return {
    rules,
    decide,
    isDenied: (skill) => decide(skill).action === "deny",
    unmatched: (skills) =>
      compiled
        .filter(({ rule, matches }) => !rule.mayMatchNothing && !skills.some((skill) => matches(skill)))
        .map(({ rule }) => rule),
  };
}

function answerKey(skill: string, tool: string): string {
  return `${tool}\u0000${skill}`;
}
