/**
 * @module Which registry entries the model sees in the catalog (SPEC §7, §11), and in which order.
 */
import { defaultConfig } from "../config/default-config.js";
import type { Scope, Skill } from "../model/skill.js";
import { isOutranked } from "../registry/outranked.js";
import type { RegistryEntry } from "../registry/registry-types.js";

/** What decides the catalog's contents and order. */
export interface CatalogSelection {
  /** Scope precedence, highest first (default: the configured `discovery.scopeOrder`). */
  scopeOrder?: readonly Scope[];
  /** Policy (SPEC §11): a skill for which this returns true is hidden from the catalog. */
  isDenied?: (skill: Skill) => boolean;
}

/**
 * The skills to list, in catalog order: scope rank, then qualified name, then path — compared by code
 * unit (`<`), never with `localeCompare`, so the order is the same under every locale.
 *
 * Listed: entries that are enabled, invocable by the model (`disable-model-invocation` not set, and
 * `allow_implicit_invocation` not false) and not denied by policy. Shadowed entries are left out: a bare
 * name never reaches them. Ambiguous entries are each listed — the model cannot load them by bare name,
 * but each line carries its own SKILL.md path, which loads it unambiguously.
 */
export function selectCatalogSkills(
  entries: readonly RegistryEntry[],
  selection: CatalogSelection = {},
): Skill[] {
  const order = selection.scopeOrder ?? defaultConfig.discovery.scopeOrder;
  const isDenied = selection.isDenied;
  const ranks = new Map<Scope, number>();
  for (const [index, scope] of order.entries()) if (!ranks.has(scope)) ranks.set(scope, index);
  const listed = entries
    .filter(
      (entry) =>
        entry.enabled &&
        !isOutranked(entry) &&
        entry.skill.invocation.model === true &&
        !isDenied?.(entry.skill),
    )
    .map(({ skill }) => ({ skill, rank: ranks.get(skill.scope) ?? order.length }));
  listed.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank - b.rank;
    const nameA = a.skill.qualifiedName;
    const nameB = b.skill.qualifiedName;
    if (nameA !== nameB) return nameA < nameB ? -1 : 1;
    const pathA = a.skill.path;
    const pathB = b.skill.path;
    return pathA === pathB ? 0 : pathA < pathB ? -1 : 1;
  });
  return listed.map((item) => item.skill);
}
