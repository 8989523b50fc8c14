/**
 * @module What the registry knows about each root between loads: the files its walk found and the walk's
 * findings. Walking, ordering by precedence, and the one file per real path that gets parsed.
 */
import type { SkillsetConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { orUndefined, statNow } from "../fs/sync-reads.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/index.js";
import { type FolderListings, type FoundSkillFile, type WalkOptions, walkRoot } from "../walker/index.js";
import { scopeRank } from "./rank-precedence.js";

/** What the registry knows about one root. */
export interface RootState {
  root: Root;
  exists: boolean;
  /** Files found under the root, by path as reached. */
  files: Map<string, FoundSkillFile>;
  /** The walker's findings for this root. */
  diagnostics: Diagnostic[];
  directories: number;
}

/** How the registry walks: the configured limits, and links kept inside `linkAreas` (see `link-areas.ts`). */
export function registryWalkOptions(
  discovery: SkillsetConfig["discovery"],
  fs: FileSystem,
  linkAreas: readonly string[] | undefined,
  listings?: FolderListings,
): WalkOptions {
  const options: WalkOptions = { limits: discovery.limits, fs };
  if (linkAreas !== undefined) options.linkAreas = linkAreas;
  if (listings !== undefined) options.listings = listings;
  return options;
}

/** Walks `root` and records what it holds. */
export async function walkRootState(
  root: Root,
  discovery: SkillsetConfig["discovery"],
  fs: FileSystem,
  linkAreas?: readonly string[],
  listings?: FolderListings,
): Promise<RootState> {
  const isDirectory = async () => (await orUndefined(() => statNow(fs, root.path)))?.isDirectory === true;
  const [walked, exists] = await Promise.all([
    walkRoot(root, registryWalkOptions(discovery, fs, linkAreas, listings)),
    isDirectory(),
  ]);
  const files = new Map<string, FoundSkillFile>();
  for (const file of walked.files) files.set(file.path, file);
  return { root, exists, files, diagnostics: walked.diagnostics, directories: walked.directories };
}

/** Root states in precedence order: scope (`order`), then nearer repo roots, then as listed. */
export function orderRootStates(
  states: readonly RootState[],
  order: SkillsetConfig["discovery"]["scopeOrder"],
) {
  return states
    .map((state, index) => ({ state, index }))
    .sort(
      (a, b) =>
        scopeRank(a.state.root.scope, order) - scopeRank(b.state.root.scope, order) ||
        (a.state.root.distance ?? 0) - (b.state.root.distance ?? 0) ||
        a.index - b.index,
    )
    .map(({ state }) => state);
}

/** Every file once, by real path, from its highest-precedence root. */
export function uniqueFiles(states: readonly RootState[]): FoundSkillFile[] {
  const seen = new Set<string>();
  const files: FoundSkillFile[] = [];
  for (const state of states) {
    for (const file of state.files.values()) {
      if (seen.has(file.realPath)) continue;
      seen.add(file.realPath);
      files.push(file);
    }
  }
  return files;
}
