/**
 * @module Prompt names (SPEC §13): one prompt per user-invocable skill. The effective skill of a name
 * gets the name itself, so clients show `/name`; shadowed and ambiguous ones get their exact name
 * (`name@scope`, tagged when that still repeats: core's `exactSkillName`, the name `skill://` URLs use),
 * so every skill stays reachable and no name ever means two skills. A duplicate (a copy of a skill, SPEC §5)
 * has no prompt of its own: the skill it copies has it.
 */
import { exactSkillName, type RegistryEntry } from "@skillset/core/registry";
import type { SkillToolsContext } from "@skillset/core/tools";

/** Prompt name → entry, for the skills a person may invoke through `context`, in registry order. */
export function promptNames(context: SkillToolsContext): Map<string, RegistryEntry> {
  const offered = context.registry
    .entries()
    .filter(
      (entry) =>
        entry.enabled &&
        entry.status !== "duplicate" &&
        entry.skill.invocation.user &&
        !context.isHidden?.(entry.skill),
    );
  const names = new Map<string, RegistryEntry>();
  for (const entry of offered) {
    if (entry.status === "effective") names.set(entry.skill.qualifiedName, entry);
  }
  const entries = context.registry.entries();
  for (const entry of offered) {
    if (entry.status !== "effective") names.set(exactSkillName(entry.skill, entries), entry);
  }
  return names;
}
