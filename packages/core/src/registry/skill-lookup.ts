/**
 * @module The one skill lookup (SPEC §5, §8): what a name or a path means in a registry snapshot, and the
 * near names when it means nothing. `registry.lookup` (`show`, `enable`), mentions (`$name`, links) and
 * the loader all answer through these functions. Tables over the entries: by name, by qualified name, by
 * path, and near names. Every table is built on first use and kept while the entries array is alive, so
 * a turn pays only for what its mentions need (a `$name` never builds the path table; a known name never
 * searches near names), and a host that passes the same registry snapshot every turn pays once.
 */
import { dirname, normalize } from "node:path";
import { nameKey } from "../model/name-key.js";
import { createNameIndex, type NameIndex, suggestNames } from "../model/suggest-names.js";
import { isOutranked } from "./outranked.js";
import type { Lookup, RegistryEntry } from "./registry-types.js";

/** What a name or path means in a registry snapshot. */
export type SkillMatch = Lookup;

/** The entries under one key, in registry order: most keys have one, which is stored without an array. */
type Bucket = RegistryEntry | RegistryEntry[];

/**
 * Not-shadowed entries by name, each under its `nameKey` (NFKC). `byQualifiedName` holds the namespaced
 * entries (and any other whose qualified name is not its name): for the rest, `byName` answers
 * qualified-name queries too.
 */
interface NameTables {
  /** Un-namespaced entries by `name`. */
  byName: Map<string, Bucket>;
  /** Namespaced entries by their bare `name`. */
  byNamespacedName: Map<string, Bucket>;
  /** Namespaced entries, and others whose `qualifiedName` is not their `name`, by `qualifiedName`. */
  byQualifiedName: Map<string, Bucket>;
}

/** Lookup tables over one registry snapshot; build with `lookupFor`, query with the functions below. */
export interface SkillLookup {
  readonly entries: readonly RegistryEntry[];
  /** Built on the first name lookup. */
  names?: NameTables;
  /** Every entry (shadowed too) by SKILL.md path, real path (`id`), folder and real folder. */
  paths?: Map<string, RegistryEntry>;
  /** Path lookups answered by a scan so far (see `PATH_SCANS`). */
  pathScans: number;
  /** Near-name search over not-shadowed entries. */
  nearNames?: NameIndex<RegistryEntry>;
  /** Near-name searches answered by a scan so far (see `NEAR_NAME_SCANS`). */
  nearNameScans: number;
  /** The namespaces of not-shadowed entries (`nameKey`), built on the first dotted id (see `isKnownId`). */
  namespaces?: Set<string>;
}

/**
 * Path lookups per snapshot answered by scanning the entries before the path table is built: a scan
 * costs less than half the table (both normalise every path; the table also hashes and stores them),
 * and a turn seldom has more than one linked mention.
 */
const PATH_SCANS = 2;

/**
 * Near-name searches per snapshot answered by a scan of the names before the near-name index is built:
 * the index makes later searches cheaper, but costs more than a scan to build.
 */
const NEAR_NAME_SCANS = 4;

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

function add<T>(map: Map<string, T | T[]>, key: string, item: T): void {
  const bucket = map.get(key);
  if (bucket === undefined) map.set(key, item);
  else if (Array.isArray(bucket)) bucket.push(item);
  else map.set(key, [bucket, item]);
}

/**
 * One pass over the entries; no strings are built for ASCII names (`nameKey` returns them as they are). A
 * qualified name is the very string of the name for an un-namespaced skill, so comparing the two is a
 * pointer check.
 */
function nameTables(lookup: SkillLookup): NameTables {
  if (lookup.names) return lookup.names;
  const byName = new Map<string, Bucket>();
  const byNamespacedName = new Map<string, Bucket>();
  const byQualifiedName = new Map<string, Bucket>();
  for (const entry of lookup.entries) {
    if (isOutranked(entry)) continue;
    const { skill } = entry;
    if (skill.namespace) {
      add(byNamespacedName, nameKey(skill.name), entry);
      add(byQualifiedName, nameKey(skill.qualifiedName), entry);
    } else {
      add(byName, nameKey(skill.name), entry);
      if (skill.qualifiedName !== skill.name) add(byQualifiedName, nameKey(skill.qualifiedName), entry);
    }
  }
  lookup.names = { byName, byNamespacedName, byQualifiedName };
  return lookup.names;
}

function pathTable(lookup: SkillLookup): Map<string, RegistryEntry> {
  if (lookup.paths) return lookup.paths;
  const paths = new Map<string, RegistryEntry>();
  const keep = (path: string, entry: RegistryEntry) => {
    const key = pathKey(path);
    if (!paths.has(key)) paths.set(key, entry);
  };
  for (const entry of lookup.entries) {
    const { skill } = entry;
    keep(skill.path, entry);
    if (skill.id !== skill.path) keep(skill.id, entry);
    keep(skill.dir, entry);
    if (skill.id !== skill.path) keep(dirname(skill.id), entry);
  }
  lookup.paths = paths;
  return paths;
}

const cache = new WeakMap<readonly RegistryEntry[], SkillLookup>();

/**
 * The lookup for `entries`, cached per array; its tables are built as queries need them. The array
 * must not be changed in place after a call (registry snapshots are immutable); a changed length is
 * detected and starts a new lookup.
 */
export function lookupFor(entries: readonly RegistryEntry[]): SkillLookup {
  const known = cache.get(entries);
  if (known && known.entries.length === entries.length) return known;
  const created: SkillLookup = { entries, pathScans: 0, nearNameScans: 0 };
  cache.set(entries, created);
  return created;
}

/**
 * One entry is a match; several are ambiguous, and so is a lone entry the registry marked `ambiguous`
 * (its rivals were left out of the snapshot): ambiguity is never settled by picking one.
 */
function matchOf(bucket: Bucket | undefined): SkillMatch | undefined {
  if (bucket === undefined) return undefined;
  if (Array.isArray(bucket)) return { kind: "ambiguous", entries: [...bucket] };
  return bucket.status === "ambiguous"
    ? { kind: "ambiguous", entries: [bucket] }
    : { kind: "found", entry: bucket };
}

/**
 * What an id means (SPEC §8): exact bare name, then exact qualified name (`ns:name`), then the bare
 * name of a namespaced skill (`gh-fix-ci` for `github:gh-fix-ci`) when no un-namespaced skill has it.
 * Names are compared after NFKC (SPEC §4). Shadowed skills are never what a name means; two skills with
 * the same id are ambiguous.
 */
export function findById(lookup: SkillLookup, written: string): SkillMatch {
  const { byName, byNamespacedName, byQualifiedName } = nameTables(lookup);
  const id = nameKey(written);
  // When no un-namespaced skill is named `id`, the skills whose qualified name is `id` are all in
  // `byQualifiedName`.
  return (
    matchOf(byName.get(id)) ??
    (id.includes(":") ? matchOf(byQualifiedName.get(id)) : undefined) ??
    matchOf(byNamespacedName.get(id)) ?? { kind: "not-found" }
  );
}

function namespacesOf(lookup: SkillLookup): Set<string> {
  if (lookup.namespaces) return lookup.namespaces;
  const namespaces = new Set<string>();
  for (const entry of lookup.entries) {
    const { namespace } = entry.skill;
    if (namespace !== undefined && !isOutranked(entry)) namespaces.add(nameKey(namespace));
  }
  lookup.namespaces = namespaces;
  return namespaces;
}

/**
 * True when `id` names something here (SPEC §8): what `findById` finds (one skill or several), or
 * `ns:…` in the namespace of a not-shadowed skill. The mention scanner asks it about ids with a dot, so
 * `$a.b:fmt` (plugin `a.b`) and `$gh.fix` read whole while `$pdf.then` stays `$pdf`.
 */
export function isKnownId(lookup: SkillLookup, id: string): boolean {
  if (findById(lookup, id).kind !== "not-found") return true;
  const colon = id.indexOf(":");
  return colon > 0 && namespacesOf(lookup).has(nameKey(id.slice(0, colon)));
}

function countWhere(bucket: Bucket | undefined, test: (entry: RegistryEntry) => boolean): number {
  if (bucket === undefined) return 0;
  if (!Array.isArray(bucket)) return test(bucket) ? 1 : 0;
  return bucket.filter(test).length;
}

/** How many not-shadowed entries have `qualifiedName` (1: it names exactly one skill). */
export function countQualified(lookup: SkillLookup, qualifiedName: string): number {
  const { byName, byQualifiedName } = nameTables(lookup);
  const key = nameKey(qualifiedName);
  const plain = countWhere(byName.get(key), ({ skill }) => skill.qualifiedName === skill.name);
  return plain + countWhere(byQualifiedName.get(key), () => true);
}

/**
 * The first entry, in table order, with a path whose key is `key`; else the first whose key is `folder`.
 * The answer the path table gives, without building it.
 */
function scanPaths(
  entries: readonly RegistryEntry[],
  key: string,
  folder: string | undefined,
): RegistryEntry | undefined {
  let inFolder: RegistryEntry | undefined;
  for (const entry of entries) {
    const { skill } = entry;
    const path = pathKey(skill.path);
    const id = skill.id === skill.path ? path : pathKey(skill.id);
    const dir = pathKey(skill.dir);
    const realDir = skill.id === skill.path ? dir : pathKey(dirname(skill.id));
    if (path === key || id === key || dir === key || realDir === key) return entry;
    if (
      inFolder === undefined &&
      folder !== undefined &&
      (path === folder || id === folder || dir === folder || realDir === folder)
    ) {
      inFolder = entry;
    }
  }
  return inFolder;
}

/** The entry at a SKILL.md path or skill folder (shadowed entries included), if any. */
export function findByPath(lookup: SkillLookup, path: string): RegistryEntry | undefined {
  const key = pathKey(path);
  const slash = Math.max(key.lastIndexOf("/"), key.lastIndexOf("\\"));
  const folder =
    slash > 0 && key.slice(slash + 1).toLowerCase() === "skill.md" ? key.slice(0, slash) : undefined;
  if (!lookup.paths && lookup.pathScans < PATH_SCANS) {
    lookup.pathScans++;
    return scanPaths(lookup.entries, key, folder);
  }
  const paths = pathTable(lookup);
  return paths.get(key) ?? (folder === undefined ? undefined : paths.get(folder));
}

const NO_NAMES: readonly string[] = [];

/** The names a person may use for an entry; none for a shadowed one or a duplicate (a name never means it). */
function namesOf(entry: RegistryEntry): readonly string[] {
  if (isOutranked(entry)) return NO_NAMES;
  const { skill } = entry;
  return skill.namespace ? [skill.name, skill.qualifiedName] : [skill.name];
}

/**
 * Not-shadowed entries whose name or qualified name is near `id`, best first (see `suggestNames`).
 * Only asked when a mention named no skill: the first searches on a snapshot scan the names, and only
 * a snapshot searched often gets a near-name index.
 */
export function findNearNames(lookup: SkillLookup, written: string): RegistryEntry[] {
  const id = nameKey(written);
  if (!lookup.nearNames && lookup.nearNameScans < NEAR_NAME_SCANS) {
    lookup.nearNameScans++;
    return suggestNames(id, lookup.entries, namesOf);
  }
  lookup.nearNames ??= createNameIndex(lookup.entries, namesOf);
  return lookup.nearNames.suggest(id);
}

/** Not-shadowed entries near `id`, best first, one per qualified name, at most `limit` ("did you mean"). */
export function nearSkills(entries: readonly RegistryEntry[], id: string, limit = 5): RegistryEntry[] {
  const seen = new Set<string>();
  return findNearNames(lookupFor(entries), id)
    .filter(({ skill }) => !seen.has(skill.qualifiedName) && seen.add(skill.qualifiedName))
    .slice(0, limit);
}

/** The qualified names of {@link nearSkills}: what `show`, `enable` and `skill_load` suggest. */
export function suggestSkills(entries: readonly RegistryEntry[], id: string, limit = 5): string[] {
  return nearSkills(entries, id, limit).map((entry) => entry.skill.qualifiedName);
}
