/**
 * @module Applies a batch of file-watcher changes to the root states and the metadata cache: re-parses
 * changed files alone and walks only what must be walked (a root that appeared, a folder moved in, a
 * lowercase `skill.md` whose standing only the walker can judge). The caller composes afterwards.
 */
import { basename, dirname, join, sep } from "node:path";
import type { SkillsetConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { type FoundSkillFile, walkRoot } from "../walker/index.js";
import type { MetadataCache } from "./metadata-cache.js";
import type { CacheParser } from "./parse-into-cache.js";
import { type RootState, registryWalkOptions, uniqueFiles, walkRootState } from "./root-state.js";
import type { FileChange } from "./watch-registry.js";

/** What applying changes reads and updates. */
export interface ChangeContext {
  /** Root states in precedence order; updated in place. */
  states: readonly RootState[];
  discovery: SkillsetConfig["discovery"];
  fs: FileSystem;
  parser: CacheParser;
  cache: MetadataCache;
  /** Where links may lead (see `link-areas.ts`); undefined: anywhere. */
  linkAreas?: readonly string[];
}

export function isSkillFileName(name: string): boolean {
  return name === "SKILL.md" || name === "skill.md";
}

/** True when only the walker can tell whether a new SKILL.md counts (too deep, or inside skill resources). */
function needsWalker(state: RootState, path: string, maxDepth: number): boolean {
  const parts = dirname(path)
    .slice(state.root.path.length + 1)
    .split(sep);
  if (parts.length > maxDepth) return true;
  return parts.some((part) => part === "scripts" || part === "references" || part === "assets");
}

/** Applies `changes`; returns the real paths of the files parsed again. */
export async function applyFileChanges(
  changes: readonly FileChange[],
  context: ChangeContext,
): Promise<Set<string>> {
  const { states, discovery, fs, parser, cache, linkAreas } = context;
  const rescan = new Set<RootState>();
  /** Files to parse again, by real path; `ifStale` when only a stale stamp should cause a parse. */
  const reparse = new Map<string, { file: FoundSkillFile; ifStale: boolean }>();
  /**
   * Real paths each root already holds (built when first asked, dropped on every removal): a file reached
   * again through a link (`loop -> .`) is not a new skill, as a full walk would not report it twice either.
   */
  const held = new Map<RootState, Set<string>>();
  const holds = (state: RootState, realPath: string) => {
    const real = held.get(state) ?? new Set([...state.files.values()].map((file) => file.realPath));
    held.set(state, real);
    return real.has(realPath);
  };
  const addFile = (state: RootState, file: FoundSkillFile) => {
    if (needsWalker(state, file.path, discovery.limits.maxDepth)) {
      rescan.add(state);
      return;
    }
    if (holds(state, file.realPath)) return;
    held.get(state)?.add(file.realPath);
    state.files.set(file.path, file);
    reparse.set(file.realPath, { file, ifStale: false });
  };
  for (const change of changes) {
    const name = basename(change.path);
    if (change.kind === "addDir" || change.kind === "unlinkDir") {
      for (const state of states) {
        if (isSameOrInside(state.root.path, change.path)) {
          // The root itself, or a folder above it, came or went.
          if (change.kind === "addDir" && !state.exists) rescan.add(state);
          if (change.kind === "unlinkDir") {
            Object.assign(state, { exists: false, files: new Map(), diagnostics: [], directories: 0 });
            held.delete(state);
          }
        } else if (isSameOrInside(change.path, state.root.path) && state.exists && !rescan.has(state)) {
          if (change.kind === "unlinkDir") {
            for (const path of [...state.files.keys()]) {
              if (isSameOrInside(path, change.path)) state.files.delete(path);
            }
            held.delete(state);
            continue;
          }
          // A new folder (possibly moved in whole): walk just that folder.
          const walked = await walkRoot(
            { ...state.root, path: change.path },
            registryWalkOptions(discovery, fs, linkAreas),
          );
          for (const file of walked.files) {
            if (file.lowercase) rescan.add(state);
            else if (!state.files.has(file.path)) addFile(state, { ...file, root: state.root });
          }
        }
      }
      continue;
    }
    if (name === "openai.yaml" && basename(dirname(change.path)) === "agents") {
      const skillDir = dirname(dirname(change.path));
      for (const state of states) {
        for (const file of state.files.values()) {
          if (file.dir === skillDir) reparse.set(file.realPath, { file, ifStale: false });
        }
      }
      continue;
    }
    if (!isSkillFileName(name)) continue;
    for (const state of states) {
      if (change.path === state.root.path || !isSameOrInside(change.path, state.root.path)) continue;
      if (!state.exists) {
        rescan.add(state);
        continue;
      }
      const known = state.files.get(change.path);
      if (change.kind === "unlink") {
        if (!known) continue;
        state.files.delete(change.path);
        held.delete(state);
        // A lowercase skill.md beside the removed SKILL.md takes over: let the walker pick it up.
        if (name === "SKILL.md" && (await fs.exists(join(known.dir, "skill.md")))) rescan.add(state);
        continue;
      }
      if (known) {
        const ifStale = change.kind === "add";
        if (!reparse.has(known.realPath)) reparse.set(known.realPath, { file: known, ifStale });
        continue;
      }
      if (name === "skill.md") {
        rescan.add(state);
        continue;
      }
      // A new link (or FIFO…) named SKILL.md: only the walker's link policy may admit it.
      const entry = await fs.lstat(change.path).catch(() => undefined);
      if (entry === undefined) continue; // gone again before we looked
      if (!entry.isFile) {
        rescan.add(state);
        continue;
      }
      const realPath = await fs.realpath(change.path).catch(() => undefined);
      if (realPath === undefined) continue; // gone again before we looked
      addFile(state, {
        path: change.path,
        realPath,
        dir: dirname(change.path),
        // A regular file (not a link), so its folder's real path is the real path's folder.
        realDir: dirname(realPath),
        root: state.root,
        lowercase: false,
      });
    }
  }
  for (const state of rescan) {
    Object.assign(state, await walkRootState(state.root, discovery, fs, linkAreas));
  }
  const files = uniqueFiles(states);
  const wanted = new Map(files.map((file) => [file.realPath, file]));
  const reparsed = new Set<string>();
  for (const [realPath, { ifStale }] of reparse) {
    const current = wanted.get(realPath);
    if (current === undefined) continue;
    if (ifStale && (await parser.isFresh(current))) continue;
    await parser.parseFile(current);
    reparsed.add(realPath);
  }
  if (rescan.size > 0) {
    const walkedRoots = new Set([...rescan].map((state) => state.root.path));
    const others = files.filter((file) => walkedRoots.has(file.root.path) && !reparse.has(file.realPath));
    await parser.parseFiles(others, false);
  }
  for (const realPath of [...cache.records.keys()]) {
    if (!wanted.has(realPath)) cache.delete(realPath);
  }
  return reparsed;
}
