/**
 * @module Which entries a name never means (SPEC §5): a `shadowed` skill (another wins by precedence) and a
 * `duplicate` (a copy of the skill that stands for it). Lists, the catalog, search, completion and lookup
 * by name leave them out; `list --all`, `show` and lookup by path still reach them.
 */
import type { RegistryEntry } from "./registry-types.js";

/** True for a `shadowed` or `duplicate` entry. */
export function isOutranked(entry: Pick<RegistryEntry, "status">): boolean {
  return entry.status === "shadowed" || entry.status === "duplicate";
}
