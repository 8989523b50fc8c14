/**
 * @module Lookup tables over registry entries for mention resolution: by bare name, by qualified name and
 * by path. Built once per entries array (kept while the array is alive), so a host that passes the same
 * registry snapshot every turn pays for the tables once.
 */
import { normalize } from "node:path";
import type { RegistryEntry } from "../registry/registry-types.js";
import { createNameIndex, type NameIndex } from "./suggest-names.js";

/** What a name or path means in a registry snapshot. */
export type SkillMatch =
  | { kind: "found"; entry: RegistryEntry }
  | { kind: "ambiguous"; entries: RegistryEntry[] }
  | { kind: "not-found" };

/** Lookup tables over one registry snapshot. */
export interface SkillLookup {
  entries: readonly RegistryEntry[];
  /** Entries a name can mean: every entry except shadowed ones, in registry order. */
  candidates: readonly RegistryEntry[];
  /** Un-namespaced, not-shadowed entries by `name`. */
  byName: ReadonlyMap<string, RegistryEntry[]>;
  /** Namespaced, not-shadowed entries by their bare `name`. */
  byNamespacedName: ReadonlyMap<string, RegistryEntry[]>;
  /** Not-shadowed entries by `qualifiedName`. */
  byQualifiedName: ReadonlyMap<string, RegistryEntry[]>;
  /** Every entry (shadowed too) by SKILL.md path, real path (`id`) and folder; built on first use. */
  byPath(): ReadonlyMap<string, RegistryEntry>;
  /** Near-name search over `candidates` (name and qualified name); built on first use. */
  nearNames(): NameIndex<RegistryEntry>;
}

/** True when `normalize` would not change `path`: no `//`, `\\`, `.`/`..` segment or trailing `/`. */
function isClean(path: string): boolean {
  if (path === "" || path.endsWith("/") || path.includes("//") || path.includes("\\")) return false;
  if (path.startsWith("./") || path.startsWith("../") || path === "." || path === "..") return false;
  for (let index = path.indexOf("/."); index !== -1; index = path.indexOf("/.", index + 2)) {
    const next = path.charCodeAt(index + 2);
    if (Number.isNaN(next) || next === 0x2f) return false;
    const after = path.charCodeAt(index + 3);
    if (next === 0x2e && (Number.isNaN(after) || after === 0x2f)) return false;
  }
  return true;
}

/** Normalises a path for comparison: `.`/`..` folded, no trailing separator (except the root). */
export function pathKey(path: string): string {
  // Most paths are already clean; `normalize` is the slow part of building the table.
  if (isClean(path)) return path;
  const normalized = normalize(path);
  return normalized.length > 1 ? normalized.replace(/[\\/]+$/, "") : normalized;
}

function add(map: Map<string, RegistryEntry[]>, key: string, entry: RegistryEntry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

function buildPaths(entries: readonly RegistryEntry[]): Map<string, RegistryEntry> {
  const byPath = new Map<string, RegistryEntry>();
  for (const entry of entries) {
    const { skill } = entry;
    for (const path of skill.id === skill.path
      ? [skill.path, skill.dir]
      : [skill.path, skill.id, skill.dir]) {
      const key = pathKey(path);
      if (!byPath.has(key)) byPath.set(key, entry);
    }
  }
  return byPath;
}

function build(entries: readonly RegistryEntry[]): SkillLookup {
  const byName = new Map<string, RegistryEntry[]>();
  const byNamespacedName = new Map<string, RegistryEntry[]>();
  const byQualifiedName = new Map<string, RegistryEntry[]>();
  const candidates: RegistryEntry[] = [];
  for (const entry of entries) {
    if (entry.status === "shadowed") continue;
    const { skill } = entry;
    candidates.push(entry);
    add(skill.namespace ? byNamespacedName : byName, skill.name, entry);
    add(byQualifiedName, skill.qualifiedName, entry);
  }
  let byPath: Map<string, RegistryEntry> | undefined;
  let nearNames: NameIndex<RegistryEntry> | undefined;
  return {
    entries,
    candidates,
    byName,
    byNamespacedName,
    byQualifiedName,
    byPath: () => {
      byPath ??= buildPaths(entries);
      return byPath;
    },
    nearNames: () => {
      nearNames ??= createNameIndex(candidates, ({ skill }) =>
        skill.namespace ? [skill.name, skill.qualifiedName] : [skill.name],
      );
      return nearNames;
    },
  };
}

const cache = new WeakMap<readonly RegistryEntry[], SkillLookup>();

/**
 * The lookup tables for `entries`, cached per array. The array must not be changed in place after a
 * call (registry snapshots are immutable); a changed length is detected and rebuilds the tables.
 */
export function lookupFor(entries: readonly RegistryEntry[]): SkillLookup {
  const known = cache.get(entries);
  if (known && known.entries.length === entries.length) return known;
  const built = build(entries);
  cache.set(entries, built);
  return built;
}

/**
 * One entry is a match; several are ambiguous, and so is a lone entry the registry marked `ambiguous`
 * (its rivals were left out of the snapshot): ambiguity is never settled by picking one.
 */
function matchOf(list: readonly RegistryEntry[] | undefined): SkillMatch | undefined {
  if (!list || list.length === 0) return undefined;
  const [first] = list;
  if (list.length === 1 && first && first.status !== "ambiguous") return { kind: "found", entry: first };
  return { kind: "ambiguous", entries: [...list] };
}

/**
 * What an id means (SPEC §8): exact bare name, then exact qualified name (`ns:name`), then the bare
 * name of a namespaced skill (`gh-fix-ci` for `github:gh-fix-ci`) when no un-namespaced skill has it.
 * Shadowed skills are never what a name means; two skills with the same id are ambiguous.
 */
export function findById(lookup: SkillLookup, id: string): SkillMatch {
  return (
    matchOf(lookup.byName.get(id)) ??
    (id.includes(":") ? matchOf(lookup.byQualifiedName.get(id)) : undefined) ??
    matchOf(lookup.byNamespacedName.get(id)) ?? { kind: "not-found" }
  );
}

/** The entry at a SKILL.md path or skill folder (shadowed entries included), if any. */
export function findByPath(lookup: SkillLookup, path: string): RegistryEntry | undefined {
  const key = pathKey(path);
  const paths = lookup.byPath();
  const direct = paths.get(key);
  if (direct) return direct;
  const slash = Math.max(key.lastIndexOf("/"), key.lastIndexOf("\\"));
  if (slash > 0 && key.slice(slash + 1).toLowerCase() === "skill.md") {
    return paths.get(key.slice(0, slash));
  }
  return undefined;
}
