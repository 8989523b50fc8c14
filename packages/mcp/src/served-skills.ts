/**
 * @module Which skills a connection offers as resources and completions: the ones the skill tools would
 * let it use (SPEC §10, §11) — effective, enabled, model-invocable, not hidden by a permission rule.
 */
import type { RegistryEntry } from "@skillset/core/registry";
import type { SkillToolsContext } from "@skillset/core/tools";

/** The entries `context` serves, in registry order (scope rank, name, path). */
export function servedSkills(context: SkillToolsContext): RegistryEntry[] {
  return context.registry
    .entries()
    .filter(
      (entry) =>
        entry.status === "effective" &&
        entry.enabled &&
        entry.skill.invocation.model &&
        !context.isHidden?.(entry.skill),
    );
}
