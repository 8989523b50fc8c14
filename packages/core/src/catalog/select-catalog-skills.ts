/**
 * @module Which registry entries the model sees in the catalog (SPEC §7, §11), and in which order.
 */
import { defaultConfig } from "../config/config-schema.js";
import type { Scope, Skill } from "../model/skill.js";
import type { RegistryEntry } from "../registry/registry-types.js";

/** What decides the catalog's contents and order. */
export interface CatalogSelection {
  /** Scope precedence, highest first (default: the configured `discovery.scopeOrder`). */
  scopeOrder?: readonly Scope[];
  /** Policy (SPEC §11): a skill for which this returns true is hidden from the catalog. */
  isDenied?: (skill: Skill) => boolean;
}

/** Plain code-unit comparison: deterministic under every locale (no `localeCompare`). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The skills to list, in catalog order: scope rank, then qualified name, then path.
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
        entry.status !== "shadowed" &&
        entry.skill.invocation.model === true &&
        !isDenied?.(entry.skill),
    )
    .map((entry) => ({ skill: entry.skill, rank: ranks.get(entry.skill.scope) ?? order.length }));
  listed.sort(
    (a, b) =>
      a.rank - b.rank ||
      compareText(a.skill.qualifiedName, b.skill.qualifiedName) ||
      compareText(a.skill.path, b.skill.path),
  );
  return listed.map((item) => item.skill);
}
