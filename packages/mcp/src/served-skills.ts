/**
 * @module Which skills a connection offers as resources and completions: the ones the skill tools would
 * let it use (SPEC §10, §11) — enabled, model-invocable, not hidden by a permission rule.
 */
import type { RegistryEntry } from "@skillset/core/registry";
import type { SkillToolsContext } from "@skillset/core/tools";

/**
 * The entries `context` serves, in registry order (scope rank, name, path). `everyStatus`: shadowed and
 * ambiguous skills too (resources list every skill, each under its exact name; a duplicate is listed once,
 * as the skill it copies, SPEC §5); otherwise only the
 * skill each name means (completion offers names).
 */
export function servedSkills(context: SkillToolsContext, everyStatus = false): RegistryEntry[] {
  return context.registry
    .entries()
    .filter(
      (entry) =>
        (everyStatus ? entry.status !== "duplicate" : entry.status === "effective") &&
        entry.enabled &&
        entry.skill.invocation.model &&
        !context.isHidden?.(entry.skill),
    );
}
