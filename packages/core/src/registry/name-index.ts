/**
 * @module The name index beside the metadata cache (SPEC §5 Caching): for a command about one skill
 * (`load`, `read`), which SKILL.md files could answer each name, and the stamps that prove the walk that
 * found them would find the same today — every folder the walk listed and every SKILL.md (an edit can
 * change a name). With the proof intact, the registry parses only the candidates, composes them and runs
 * the one lookup (`lookup-entry.ts`) on them; anything that does not match means a full load.
 *
 * Why every stamp, and no fewer (issue 24 looked for a cheaper proof): a folder's stamp proves its entries
 * (adding, removing or renaming one moves its mtime and ctime), so the folder stamps prove which folders
 * the walk enters and which SKILL.md files exist. They prove nothing about a file's bytes: an edit in
 * place (most editors, `echo >>`, `cp` over a file) leaves the folder alone. And any SKILL.md of the tree,
 * not only the candidates', can change the answer: editing another skill's `name:` to the one asked for
 * makes it ambiguous, shadowed or shadowing. So a correct proof stats every folder the walk listed and
 * every SKILL.md; a cheaper one needs a record of changes kept between processes (a watcher daemon, a
 * file system journal), which skillset does not run. On the bench tree (15,778 skills) that is 32,029
 * stats: the floor of a one-skill command there is Node's start, the CLI's modules and those stats.
 */
import { dirname, sep } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { orUndefined, realpathNow, statNow } from "../fs/sync-reads.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { nameKey } from "../model/name-key.js";
import type { Root } from "../roots/index.js";
import type { FoundSkillFile } from "../walker/index.js";
import { isRacy, METADATA_CACHE_VERSION } from "./metadata-cache.js";
import type { RegistryEntry } from "./registry-types.js";
import type { RootState } from "./root-state.js";

/** Bump with the metadata cache's version, or when this file's own layout changes. */
const FORMAT = "skillset-name-index-3";

/**
 * One candidate file: its root's index in `roots`, then the fields of `FoundSkillFile` but the root, then
 * its place in the root's walk (files keep the walk's order, which breaks ties in precedence). `realPath`
 * is 0 when it is `path`, `dir` and `realDir` 0 when they are the folders of `path` and `realPath`.
 */
type StoredFile = [number, string, string | 0, string | 0, string | 0, boolean, boolean | null, number];

interface StoredRoot {
  path: string;
  /** The root's real path when the index was written (absent when it did not exist). */
  real?: string;
  exists: boolean;
  directories: number;
  diagnostics: Diagnostic[];
}

/**
 * The index's first line. The file then holds one line per name, `<name as JSON>\t<StoredFile[] as JSON>`,
 * found by a string search: a one-skill command parses the header and its own names' lines, not the
 * names of every skill (on the 16,000-skill bench tree that was most of a 7 MB file).
 */
interface NameIndexHeader {
  format: string;
  version: number;
  /** What the walk depended on besides the file system (roots, discovery settings, link areas). */
  inputs: string;
  roots: StoredRoot[];
  /**
   * Every path the walk listed or stat'ed: `<root index>/<path below the root>` for one below a root
   * (stat'ed below the root's real path, which is proven first: a path through a link costs a lookup of
   * the link on every stat), the absolute path otherwise.
   */
  paths: string[];
  /** Four numbers per path (`mtimeMs`, `ctimeMs`, `ino`, `size`), `ino` -1 for a path that was missing. */
  stamps: number[];
}

/** Where the index of a metadata cache file lives. */
export function nameIndexPath(cacheFile: string): string {
  return `${cacheFile.replace(/\.json$/, "")}.names.json`;
}

/** The walk's inputs that are not files, as one comparable string. */
export function walkInputs(roots: readonly Root[], discovery: unknown, linkAreas: unknown): string {
  return JSON.stringify({ roots, discovery, linkAreas });
}

/**
 * The names `key` could mean (see `findById`, `findByExactName`): itself, the bare name after a
 * namespace, the name before an exact name's `@scope`, each in its NFKC form too (skills are indexed under
 * both). Every entry a lookup of `key` can return has one.
 */
export function candidateNames(key: string): string[] {
  const names = new Set<string>([key, nameKey(key)]);
  const at = key.lastIndexOf("@");
  if (at > 0) names.add(key.slice(0, at));
  for (const name of [...names]) {
    for (let colon = name.indexOf(":"); colon >= 0; colon = name.indexOf(":", colon + 1)) {
      names.add(name.slice(colon + 1));
    }
  }
  return [...names];
}

/** A file system that notes every path the walk lists or stats (to stamp them afterwards). */
export function recordingFileSystem(fs: FileSystem, seen: Set<string>): FileSystem {
  return new Proxy(fs, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (typeof args[0] === "string") seen.add(args[0]);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A path's stat, or undefined; synchronous when `fs` can stat synchronously (tens of thousands of promises cost more). */
const statOf = (fs: FileSystem, path: string) => orUndefined(() => statNow(fs, path));
const realOf = (fs: FileSystem, path: string) => orUndefined(() => realpathNow(fs, path));

/** Each root's real path today (undefined for one that is missing), in `roots`' order. */
async function realRoots(fs: FileSystem, roots: readonly string[]): Promise<Array<string | undefined>> {
  const found: Array<string | undefined> = [];
  for (const root of roots) found.push(await realOf(fs, root));
  return found;
}

/**
 * How a walked path is stored (see `NameIndexHeader.paths`): below the longest root holding it, by the
 * root's path or its real path (the walk reaches a linked root's folders both ways, and both are one
 * file to stat), else whole. `byRoot` lists `[root path or real path, index]` longest first.
 */
function storedPath(path: string, byRoot: ReadonlyArray<readonly [string, number]>): string {
  for (const [root, index] of byRoot)
    if (path.length > root.length + 1 && path.startsWith(root) && path[root.length] === sep)
      return `${index}/${path.slice(root.length + 1)}`;
  return path;
}

/** The path to stat for a stored one: below its root's real path (see `NameIndexHeader.paths`). */
function pathToStat(stored: string, reals: ReadonlyArray<string | undefined>): string | undefined {
  const slash = stored.indexOf("/");
  if (slash <= 0 || !/^\d+$/.test(stored.slice(0, slash))) return stored;
  const real = reals[Number(stored.slice(0, slash))];
  return real === undefined ? undefined : `${real}${sep}${stored.slice(slash + 1)}`;
}

/**
 * Builds the index after a full load. `undefined` when a stamp is too recent to prove anything (an edit in
 * the same clock tick as the walk would keep it; see `isRacy`): the next one-skill command loads in full.
 */
export async function buildNameIndex(options: {
  inputs: string;
  states: readonly RootState[];
  entries: readonly RegistryEntry[];
  paths: ReadonlySet<string>;
  fs: FileSystem;
  /**
   * When the walk began (`Date.now()`): a path changed since then may have changed after it was read, so
   * its stamp now would pair with what was read before — no index is written.
   */
  walkedSince?: number;
}): Promise<string | undefined> {
  const { states, fs } = options;
  const walked = new Set(options.paths);
  for (const state of states) for (const file of state.files.values()) walked.add(file.path);
  const rootPaths = states.map((state) => state.root.path);
  const reals = await realRoots(fs, rootPaths);
  const byRoot = rootPaths
    .flatMap((path, index) => {
      const real = reals[index];
      return real === undefined ? [] : [[path, index] as const, [real, index] as const];
    })
    .sort((a, b) => b[0].length - a[0].length);
  // A stamp proves what was read only when it is older than the read (and than the racy window before it).
  const now = Math.min(Date.now(), options.walkedSince ?? Number.POSITIVE_INFINITY);
  const paths: string[] = [];
  const stamps: number[] = [];
  const stored = new Set<string>();
  for (const path of walked) stored.add(storedPath(path, byRoot));
  for (const path of stored) {
    const target = pathToStat(path, reals);
    const found = target === undefined ? undefined : await statOf(fs, target);
    if (found === undefined) stamps.push(0, 0, -1, 0);
    else {
      // The ctime too: an edit that sets the mtime back still moves it.
      if (isRacy(found, now) || isRacy({ ...found, mtimeMs: found.ctimeMs }, now)) return undefined;
      stamps.push(found.mtimeMs, found.ctimeMs, found.ino, found.isDirectory ? 0 : found.size);
    }
    paths.push(path);
  }
  const namesOf = new Map<string, Set<string>>();
  for (const { skill } of options.entries) {
    const names = namesOf.get(skill.id) ?? new Set<string>();
    names.add(skill.name);
    names.add(skill.qualifiedName);
    // A lookup compares names after NFKC: a name typed in another form finds the skill's rows too.
    names.add(nameKey(skill.name));
    names.add(nameKey(skill.qualifiedName));
    namesOf.set(skill.id, names);
  }
  const names = new Map<string, StoredFile[]>();
  states.forEach((state, rootIndex) => {
    let place = 0;
    for (const file of state.files.values()) {
      place += 1;
      for (const name of namesOf.get(file.realPath) ?? []) {
        const row: StoredFile = [
          rootIndex,
          file.path,
          file.realPath === file.path ? 0 : file.realPath,
          file.dir === dirname(file.path) ? 0 : file.dir,
          file.realDir === dirname(file.realPath) ? 0 : file.realDir,
          file.lowercase,
          file.hasAgentsDir ?? null,
          place,
        ];
        const list = names.get(name);
        if (list === undefined) names.set(name, [row]);
        else list.push(row);
      }
    }
  });
  const header: NameIndexHeader = {
    format: FORMAT,
    version: METADATA_CACHE_VERSION,
    inputs: options.inputs,
    roots: states.map((state, index) => ({
      path: state.root.path,
      ...(reals[index] === undefined ? {} : { real: reals[index] }),
      exists: state.exists,
      directories: state.directories,
      diagnostics: state.diagnostics,
    })),
    paths,
    stamps,
  };
  const lines = [JSON.stringify(header)];
  for (const [name, rows] of names) lines.push(`${JSON.stringify(name)}\t${JSON.stringify(rows)}`);
  return `${lines.join("\n")}\n`;
}

/** The rows of `name` in the index's text, or none. */
function rowsOf(text: string, name: string): StoredFile[] {
  const at = text.indexOf(`\n${JSON.stringify(name)}\t`);
  if (at < 0) return [];
  const start = text.indexOf("\t", at) + 1;
  const end = text.indexOf("\n", start);
  const rows: unknown = JSON.parse(text.slice(start, end < 0 ? undefined : end));
  return Array.isArray(rows) ? (rows as StoredFile[]) : [];
}

/** Whether every stored stamp holds today (each root's real path first, then every walked path). */
async function stampsHold(header: NameIndexHeader, fs: FileSystem): Promise<boolean> {
  const { paths, stamps, roots } = header;
  if (!Array.isArray(paths) || !Array.isArray(stamps) || stamps.length !== paths.length * 4) return false;
  const reals = await realRoots(
    fs,
    roots.map((root) => root.path),
  );
  if (reals.some((real, index) => real !== roots[index]!.real)) return false;
  for (let index = 0; index < paths.length; index++) {
    const target = pathToStat(paths[index]!, reals);
    const pending = target === undefined ? undefined : statOf(fs, target);
    const now = pending instanceof Promise ? await pending : pending;
    const at = index * 4;
    if (now === undefined) {
      if (stamps[at + 2] !== -1) return false;
    } else if (
      now.mtimeMs !== stamps[at] ||
      now.ctimeMs !== stamps[at + 1] ||
      now.ino !== stamps[at + 2] ||
      (now.isDirectory ? 0 : now.size) !== stamps[at + 3]
    ) {
      return false;
    }
  }
  return true;
}

/**
 * The root states a full walk would build today, holding only the files that could answer one of `keys`;
 * or `undefined` when the index is missing, from another version or other inputs, or any stamp differs.
 */
export async function candidateStates(options: {
  text: string;
  inputs: string;
  roots: readonly Root[];
  keys: readonly string[];
  fs: FileSystem;
}): Promise<RootState[] | undefined> {
  const { text } = options;
  let index: NameIndexHeader;
  try {
    const firstLine = text.indexOf("\n");
    index = JSON.parse(firstLine < 0 ? text : text.slice(0, firstLine)) as NameIndexHeader;
  } catch {
    return undefined;
  }
  if (index?.format !== FORMAT || index.version !== METADATA_CACHE_VERSION) return undefined;
  if (index.inputs !== options.inputs || !Array.isArray(index.roots)) return undefined;
  if (!(await stampsHold(index, options.fs))) return undefined;
  const byPath = new Map(options.roots.map((root) => [root.path, root]));
  const states: RootState[] = [];
  for (const stored of index.roots) {
    const root = byPath.get(stored.path);
    if (root === undefined) return undefined;
    states.push({
      root,
      exists: stored.exists,
      files: new Map(),
      diagnostics: stored.diagnostics,
      directories: stored.directories,
    });
  }
  // Every candidate file once, in the walk's order within its root.
  const rows = new Map<string, StoredFile>();
  try {
    for (const name of options.keys.flatMap(candidateNames))
      for (const row of rowsOf(text, name)) rows.set(`${row[0]}\0${row[1]}`, row);
  } catch {
    return undefined;
  }
  const sorted = [...rows.values()].sort((a, b) => a[0] - b[0] || a[7] - b[7]);
  for (const row of sorted) {
    const state = states[row[0]];
    if (state === undefined) return undefined;
    const [, path, realPath, dir, realDir] = row;
    const real = realPath === 0 ? path : realPath;
    const file: FoundSkillFile = {
      path,
      realPath: real,
      dir: dir === 0 ? dirname(path) : dir,
      realDir: realDir === 0 ? dirname(real) : realDir,
      root: state.root,
      lowercase: row[5],
    };
    if (row[6] !== null) file.hasAgentsDir = row[6];
    state.files.set(file.path, file);
  }
  return states;
}
