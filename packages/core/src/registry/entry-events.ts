/**
 * @module What changed between two compositions, as the events a registry's listeners receive.
 */
import type { RegistryEntry, RegistryEvent } from "./registry-types.js";

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((value, index) => value === b[index]);
}

/** Whether a listener would see no difference between two entries of the same skill. */
function sameEntry(a: RegistryEntry, b: RegistryEntry): boolean {
  if (a.status !== b.status || a.enabled !== b.enabled || a.shadowedBy !== b.shadowedBy) return false;
  if (!sameList(a.ambiguousWith, b.ambiguousWith)) return false;
  if (a.duplicateOf !== b.duplicateOf || !sameList(a.alsoIn, b.alsoIn)) return false;
  if (a.skill === b.skill) return true;
  return (
    a.skill.path === b.skill.path &&
    a.skill.mtimeMs === b.skill.mtimeMs &&
    a.skill.size === b.skill.size &&
    a.skill.source.root === b.skill.source.root
  );
}

/**
 * `added`, `changed` and `removed` events from `before` (entries by id) to `after`. `reparsed`: ids parsed
 * again since `before` (by the watcher, or from a new version of the file by any load), reported as
 * `changed` even when nothing a listener compares differs — an edit that keeps the size and the mtime.
 */
export function entryEvents(
  before: ReadonlyMap<string, RegistryEntry>,
  after: readonly RegistryEntry[],
  afterById: ReadonlyMap<string, RegistryEntry>,
  reparsed: ReadonlySet<string>,
): RegistryEvent[] {
  const events: RegistryEvent[] = [];
  for (const entry of after) {
    const was = before.get(entry.skill.id);
    if (was === entry) continue;
    if (!was) events.push({ type: "added", entry });
    else if (!sameEntry(was, entry) || reparsed.has(entry.skill.id)) events.push({ type: "changed", entry });
  }
  for (const [id, entry] of before) if (!afterById.has(id)) events.push({ type: "removed", entry });
  return events;
}
