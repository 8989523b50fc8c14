/**
 * @module Why a skill is denied, in words that name where the rule is written (SPEC §11): a refusal says
 * "the rule deny "pdf" from claude (~/.claude/settings.json) permissions.deny: Skill(pdf) (line 3)", never
 * only "a permission rule", so a person knows which file to change.
 */
import type { Skill } from "../model/skill.js";
import { describeOrigin } from "./permission-rules.js";
import type { Permissions } from "./permissions.js";

/** The rule (or remembered answer) that denies `skill`, described with its origin; `undefined` when none does. */
export function denialReason(permissions: Permissions, skill: Skill): string | undefined {
  const decision = permissions.decide(skill);
  if (decision.action !== "deny") return undefined;
  if (decision.answer) return "a remembered answer";
  const rule = decision.rule;
  if (rule === undefined) return undefined;
  const tool = rule.tool && rule.tool !== "*" ? `, tool ${rule.tool}` : "";
  return `the rule ${rule.action} ${JSON.stringify(rule.skill)}${tool} from ${describeOrigin(rule.origin)}`;
}
