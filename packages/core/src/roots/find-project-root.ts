/**
 * @module The project root: the nearest folder at or above cwd holding a marker (`.git`, `.jj`, `.hg`).
 */
import { dirname, resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { existsNow } from "../fs/sync-reads.js";

/**
 * Walks up from cwd to the first folder holding one of `markers` (a file or a folder: a git worktree's
 * `.git` is a file). Without one, cwd itself is the project, so that no folder above it is searched.
 */
export async function findProjectRoot(
  cwd: string,
  markers: readonly string[],
  fs: FileSystem = nodeFileSystem,
): Promise<string> {
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    const found = await Promise.all(markers.map((marker) => existsNow(fs, resolve(dir, marker))));
    if (found.includes(true)) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/**
 * Every folder from `ancestor` down to `descendant`, both included, or `[]` when `descendant` is not
 * inside `ancestor`.
 */
export function foldersBetween(ancestor: string, descendant: string): string[] {
  const chain: string[] = [];
  for (let dir = descendant; ; dir = dirname(dir)) {
    chain.push(dir);
    if (dir === ancestor) return chain.reverse();
    if (dirname(dir) === dir) return [];
  }
}
