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
import { dirname } from "node:path";
import type { FileStat, FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/index.js";
import type { FoundSkillFile } from "../walker/index.js";
import { isRacy, METADATA_CACHE_VERSION } from "./metadata-cache.js";
import type { RegistryEntry } from "./registry-types.js";
import type { RootState } from "./root-state.js";

/** Bump with the metadata cache's version, or when this file's own layout changes. */
const FORMAT = "skillset-name-index-2";

/** A stamp as stored: `[mtimeMs, ctimeMs, ino, size]`, or `null` for a path that could not be stat'ed. */
type StoredStamp = [number, number, number, number] | null;

/**
 * One candidate file: its root's index in `roots`, then the fields of `FoundSkillFile` but the root, then
 * its place in the root's walk (files keep the walk's order, which breaks ties in precedence). `realPath`
 * is 0 when it is `path`, `dir` and `realDir` 0 when they are the folders of `path` and `realPath` (the
 * usual case: the index is read whole by every one-skill command, so every path left out counts).
 */
type StoredFile = [number, string, string | 0, string | 0, string | 0, boolean, boolean | null, number];

interface StoredRoot {
  path: string;
  exists: boolean;
  directories: number;
  diagnostics: Diagnostic[];
}

interface NameIndexFile {
  format: string;
  version: number;
  /** What the walk depended on besides the file system (roots, discovery settings, link areas). */
  inputs: string;
  roots: StoredRoot[];
  /** `[path, stamp, path, stamp, …]`. */
  stamps: (string | StoredStamp)[];
  /** Name (bare and qualified) → the files that composed an entry with it, in precedence order. */
  names: Record<string, StoredFile[]>;
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
 * namespace, the name before an exact name's `@scope`. Every entry a lookup of `key` can return has one.
 */
export function candidateNames(key: string): string[] {
  const names = new Set<string>([key]);
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

function asStamp(stamp: [number, number, number, number]) {
  return { mtimeMs: stamp[0], ctimeMs: stamp[1], ino: stamp[2], size: stamp[3] };
}

function stampOfStat(stat: FileStat): StoredStamp {
  return [stat.mtimeMs, stat.ctimeMs, stat.ino, stat.isDirectory ? 0 : stat.size];
}

/** A path's stamp; synchronous when `fs` can stat synchronously (tens of thousands of promises cost more). */
function stampPath(fs: FileSystem, path: string): StoredStamp | Promise<StoredStamp> {
  if (fs.statSync === undefined) return fs.stat(path).then(stampOfStat, () => null);
  try {
    return stampOfStat(fs.statSync(path));
  } catch {
    return null;
  }
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
}): Promise<string | undefined> {
  const { states, fs } = options;
  const paths = new Set(options.paths);
  for (const state of states) for (const file of state.files.values()) paths.add(file.path);
  const now = Date.now();
  const stamps: (string | StoredStamp)[] = [];
  for (const path of paths) {
    const stamp = await stampPath(fs, path);
    // The ctime too: an edit that sets the mtime back still moves it.
    if (stamp !== null && (isRacy(asStamp(stamp), now) || isRacy(asStamp([stamp[1], 0, 0, 0]), now)))
      return undefined;
    stamps.push(path, stamp);
  }
  const namesOf = new Map<string, Set<string>>();
  for (const { skill } of options.entries) {
    const names = namesOf.get(skill.id) ?? new Set<string>();
    names.add(skill.name);
    names.add(skill.qualifiedName);
    namesOf.set(skill.id, names);
  }
  const names: Record<string, StoredFile[]> = Object.create(null);
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
        const list = names[name];
        if (list === undefined) names[name] = [row];
        else list.push(row);
      }
    }
  });
  const index: NameIndexFile = {
    format: FORMAT,
    version: METADATA_CACHE_VERSION,
    inputs: options.inputs,
    roots: states.map((state) => ({
      path: state.root.path,
      exists: state.exists,
      directories: state.directories,
      diagnostics: state.diagnostics,
    })),
    stamps,
    names,
  };
  return JSON.stringify(index);
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
  let index: NameIndexFile;
  try {
    index = JSON.parse(options.text) as NameIndexFile;
  } catch {
    return undefined;
  }
  if (index?.format !== FORMAT || index.version !== METADATA_CACHE_VERSION) return undefined;
  if (index.inputs !== options.inputs || !Array.isArray(index.stamps)) return undefined;
  for (let at = 0; at < index.stamps.length; at += 2) {
    const stored = index.stamps[at + 1] as StoredStamp;
    const stamping = stampPath(options.fs, index.stamps[at] as string);
    const now = stamping instanceof Promise ? await stamping : stamping;
    if (stored === null || now === null) {
      if (stored !== now) return undefined;
    } else if (now[0] !== stored[0] || now[1] !== stored[1] || now[2] !== stored[2] || now[3] !== stored[3]) {
      return undefined;
    }
  }
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
  for (const name of options.keys.flatMap(candidateNames)) {
    if (!Object.hasOwn(index.names, name)) continue;
    for (const row of index.names[name] ?? []) rows.set(`${row[0]}\0${row[1]}`, row);
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
