/**
 * @module The registry as a session's policy lets it be seen: each skill with the agents' per-skill
 * overrides applied (Claude Code's `user-invocable-only`, `name-only`), so the catalog, mentions and the
 * tools all see the same skill.
 */
import type { RegistryView } from "../loader/find-skill.js";
import type { Policy } from "../policy/policy.js";
import { entriesWithOverrides } from "../policy/skill-overrides.js";
import type { Lookup, RegistryEntry, SkillRegistry } from "../registry/registry-types.js";

/** A registry view with overrides applied; entries are mapped once per registry snapshot. */
export function policyRegistryView(
  registry: SkillRegistry,
  policy: Policy,
): RegistryView & Pick<SkillRegistry, "config" | "cwd"> {
  let source: readonly RegistryEntry[] | undefined;
  let mapped: readonly RegistryEntry[] = [];
  const byId = new Map<string, RegistryEntry>();
  const entries = () => {
    const current = registry.entries();
    if (current !== source) {
      source = current;
      mapped = entriesWithOverrides(current, policy.overrides);
      byId.clear();
      for (const entry of mapped) byId.set(entry.skill.id, entry);
    }
    return mapped;
  };
  const map = (entry: RegistryEntry) => {
    entries();
    return byId.get(entry.skill.id) ?? entry;
  };
  return {
    get config() {
      return registry.config;
    },
    get cwd() {
      return registry.cwd;
    },
    entries,
    lookup(key): Lookup {
      const found = registry.lookup(key);
      if (found.kind === "found") return { kind: "found", entry: map(found.entry) };
      if (found.kind === "ambiguous") return { kind: "ambiguous", entries: found.entries.map(map) };
      return found;
    },
    reload: (options) => registry.reload(options),
  };
}
