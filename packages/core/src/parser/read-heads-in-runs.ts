/**
 * @module Reads many SKILL.md files in runs, for discovery and validation of whole trees: the heads of a run
 * of files are read back to back, then each file is handed on with its head. The system calls cost
 * markedly less together than each between two parses, whose allocations push the file system's data out
 * of the processor's caches. Many files from the real disk are read by a second thread, ahead of the parse
 * (`fs/head-reader-thread.ts`).
 */
import type { FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { HeadReaderThread } from "../fs/head-reader-thread.js";
import { readsHeadsFromDisk } from "../fs/node-file-system.js";
import { SKILL_HEAD_BYTES } from "./parse-limits.js";

/** Files read back to back before they are handed on: a few hundred KiB of bytes. */
const READ_RUN = 64;

/**
 * From this many files on, a second thread reads the heads: it costs ~30 ms of processor time to start
 * (on another core), and saves ~10 µs of the main thread's per file.
 */
export const HEAD_THREAD_MIN_FILES = 1000;

/** When heads are read by a second thread. */
export interface HeadThreadOptions {
  /** Fewest files for which a thread is started (default {@link HEAD_THREAD_MIN_FILES}); Infinity: never. */
  minFiles?: number;
  /** Told how many heads the thread delivered, when it was used (for tests and benchmarks). */
  onThreadDone?: (delivered: number) => void;
  /**
   * For tests: every run is read by the thread (the main thread waits for it instead of reading the runs
   * the thread has not reached yet), so hostile files go through the thread's reads.
   */
  threadOnly?: boolean;
}

/**
 * `each(item, head)` for every item, in order, where `head` is the stat and first {@link SKILL_HEAD_BYTES}
 * bytes of the file at `pathOf(item)`, read in a run with its neighbours (see `readSkillTextSync`'s
 * `head`). `pathOf` returns undefined for a file that must not be read ahead (its link policy is not
 * applied yet); then, and when the read fails, `head` is undefined and the reader reads the file itself
 * (and reports why it cannot). The bytes of a head are valid only during its `each` call.
 */
export function mapWithHeadsSync<T, R>(
  items: readonly T[],
  pathOf: (item: T) => string | undefined,
  fs: FileSystem & SyncFileReads,
  each: (item: T, head: StatAndHead | undefined) => R,
  options: HeadThreadOptions = {},
): R[] {
  const thread =
    items.length >= (options.minFiles ?? HEAD_THREAD_MIN_FILES) && readsHeadsFromDisk(fs)
      ? HeadReaderThread.start(
          items.map((item) => pathOf(item) ?? null),
          SKILL_HEAD_BYTES,
          READ_RUN,
          { mainReads: options.threadOnly !== true },
        )
      : undefined;
  try {
    return mapInRuns(items, pathOf, fs, each, thread);
  } finally {
    if (thread) {
      options.onThreadDone?.(thread.delivered);
      thread.close();
    }
  }
}

function mapInRuns<T, R>(
  items: readonly T[],
  pathOf: (item: T) => string | undefined,
  fs: FileSystem & SyncFileReads,
  each: (item: T, head: StatAndHead | undefined) => R,
  thread: HeadReaderThread | undefined,
): R[] {
  const results: R[] = [];
  const heads: (StatAndHead | undefined)[] = [];
  for (let start = 0, run = 0; start < items.length; start += READ_RUN, run++) {
    const end = Math.min(start + READ_RUN, items.length);
    const read = thread?.takeRun(run);
    for (let index = start; index < end; index++) {
      heads[index - start] = read ? read.head(index - start) : readHead(pathOf(items[index]!), fs);
    }
    for (let index = start; index < end; index++) {
      results.push(each(items[index]!, heads[index - start]));
      heads[index - start] = undefined;
    }
    read?.release();
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
