/**
 * @module The one way the loader and the tools find a skill by name or path: the registry's lookup,
 * one rescan when nothing matched (a skill created a moment ago; at most one per interval), then near names
 * for "did you mean".
 */

import { lookupName } from "../registry/lookup-entry.js";
import type { RegistryEntry, SkillRegistry } from "../registry/registry-types.js";
import { nearSkills } from "../registry/skill-lookup.js";

/** The part of a registry that finding needs (a full `SkillRegistry` fits). */
export type RegistryView = Pick<SkillRegistry, "lookup" | "entries"> & Partial<Pick<SkillRegistry, "reload">>;

/** What a name or path means. */
export type FoundSkill =
  | { kind: "found"; entry: RegistryEntry }
  | { kind: "ambiguous"; entries: RegistryEntry[] }
  | { kind: "not-found"; near: RegistryEntry[] };

/**
 * A miss rescans at most once in this many milliseconds per registry (the first miss always does: a skill
 * created a moment ago is found): a client asking for random names in a loop (an MCP `skill_load`) costs
 * one scan per interval, not one per call; misses in between wait for the scan in progress, if any.
 */
export const MISS_RESCAN_INTERVAL_MS = 5_000;

/** Options of `findSkill`. */
export interface FindSkillOptions {
  /** Rescan the registry when nothing matched (default true; needs `reload`), at most once per `rescanIntervalMs`. */
  rescan?: boolean;
  /** Default {@link MISS_RESCAN_INTERVAL_MS}; 0 rescans on every miss. */
  rescanIntervalMs?: number;
  /** Most near names returned (default 5). */
  maxNear?: number;
  /** `key` is a name only, never a path (a `skill://` URL's name may hold a `/`). Default false. */
  byName?: boolean;
}

/**
 * Finds `key` — a qualified name (`ns:name` or bare) or a path to a SKILL.md or its folder — through
 * `registry.lookup` (so every surface resolves names the same way). Nothing is ever picked among
 * ambiguous candidates; near names are only suggestions.
 * @example
 * const found = await findSkill(registry, "pdf");
 * if (found.kind === "not-found") console.log(found.near.map((e) => e.skill.qualifiedName));
 */
export async function findSkill(
  registry: RegistryView,
  key: string,
  options: FindSkillOptions = {},
): Promise<FoundSkill> {
  const lookup = () => (options.byName ? lookupName(registry.entries(), key) : registry.lookup(key));
  let found = lookup();
  if (found.kind === "not-found" && options.rescan !== false && registry.reload) {
    await registry.reload({ ifOlderThanMs: options.rescanIntervalMs ?? MISS_RESCAN_INTERVAL_MS });
    found = lookup();
  }
  if (found.kind !== "not-found") return found;
  return { kind: "not-found", near: nearSkills(registry.entries(), key, options.maxNear ?? 5) };
}
