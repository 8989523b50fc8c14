/**
 * @module Reads many SKILL.md files in runs, for discovery and validation of whole trees: the heads of a run
 * of files are read back to back, then each file is handed on with its head. The system calls cost
 * markedly less together than each between two parses, whose allocations push the file system's data out
 * of the processor's caches.
 */
import type { FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { SKILL_HEAD_BYTES } from "./parse-limits.js";

/** Files read back to back before they are handed on: a few hundred KiB of bytes. */
const READ_RUN = 64;

/**
 * `each(item, head)` for every item, in order, where `head` is the stat and first {@link SKILL_HEAD_BYTES}
 * bytes of the file at `pathOf(item)`, read in a run with its neighbours (see `readSkillTextSync`'s
 * `head`). `pathOf` returns undefined for a file that must not be read ahead (its link policy is not
 * applied yet); then, and when the read fails, `head` is undefined and the reader reads the file itself
 * (and reports why it cannot).
 */
export function mapWithHeadsSync<T, R>(
  items: readonly T[],
  pathOf: (item: T) => string | undefined,
  fs: FileSystem & SyncFileReads,
  each: (item: T, head: StatAndHead | undefined) => R,
): R[] {
  const results: R[] = [];
  const heads: (StatAndHead | undefined)[] = [];
  for (let start = 0; start < items.length; start += READ_RUN) {
    const end = Math.min(start + READ_RUN, items.length);
    for (let index = start; index < end; index++) heads[index - start] = readHead(pathOf(items[index]!), fs);
    for (let index = start; index < end; index++) {
      results.push(each(items[index]!, heads[index - start]));
      heads[index - start] = undefined;
    }
  }
  return results;
}

function readHead(path: string | undefined, fs: FileSystem & SyncFileReads): StatAndHead | undefined {
  if (path === undefined || fs.readHeadWithStatSync === undefined) return undefined;
  try {
    return fs.readHeadWithStatSync(path, SKILL_HEAD_BYTES);
  } catch {
    return undefined;
  }
}
