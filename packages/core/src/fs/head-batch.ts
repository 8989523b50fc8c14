/**
 * @module How heads read by the head-reading thread travel to the main thread: a batch per run of files is
 * one buffer of bytes and a `Float64Array` of numbers per file, both transferred (not copied). And the
 * shared counters through which the two threads hand runs to each other.
 */
import type { MessagePort } from "node:worker_threads";
import type { FileKind } from "./file-kind.js";
import type { StatAndHead } from "./file-system.js";

/** One run's heads, as posted by the thread. */
export interface HeadBatch {
  run: number;
  /** {@link FIELDS} numbers per file of the run (see {@link packHead}). */
  meta: Float64Array;
  bytes: ArrayBuffer;
}

/**
 * Numbers per file: kind (index in {@link KINDS}, or {@link NOT_READ}), size, mtimeMs, ctimeMs, ino, mode,
 * offset, length.
 */
export const FIELDS = 8;
const KINDS: readonly FileKind[] = ["file", "directory", "symlink", "fifo", "socket", "device"];
/** The kind number of a file the thread did not read (no path, or the read failed): the reader reads it. */
export const NOT_READ = -1;

/** Writes the head of the file at `index` of a run: its stat, and where its bytes lie in the batch's bytes. */
export function packHead(meta: Float64Array, index: number, head: StatAndHead, offset: number): void {
  const at = index * FIELDS;
  const { stat } = head;
  meta[at] = stat.kind === undefined ? NOT_READ : KINDS.indexOf(stat.kind);
  meta[at + 1] = stat.size;
  meta[at + 2] = stat.mtimeMs;
  meta[at + 3] = stat.ctimeMs;
  meta[at + 4] = stat.ino;
  meta[at + 5] = stat.mode;
  meta[at + 6] = offset;
  meta[at + 7] = head.bytes.length;
}

/** The head {@link packHead} wrote, its bytes a view of `bytes`; undefined for a file not read. */
export function unpackHead(meta: Float64Array, index: number, bytes: ArrayBuffer): StatAndHead | undefined {
  const at = index * FIELDS;
  const kind = KINDS[meta[at]!];
  if (kind === undefined) return undefined;
  return {
    stat: {
      kind,
      isFile: kind === "file",
      isDirectory: kind === "directory",
      isSymbolicLink: kind === "symlink",
      size: meta[at + 1]!,
      mtimeMs: meta[at + 2]!,
      ctimeMs: meta[at + 3]!,
      ino: meta[at + 4]!,
      mode: meta[at + 5]!,
    },
    bytes: Buffer.from(bytes, meta[at + 6]!, meta[at + 7]!),
  };
}

/**
 * Slots of the shared `Int32Array`: batches posted, batches the main thread is done with, the thread
 * failed, the main thread stopped the thread.
 */
export const POSTED = 0;
export const RELEASED = 1;
export const FAILED = 2;
export const STOPPED = 3;
/** Then one slot per run: who reads it. */
export const FIRST_RUN = 4;
export const UNCLAIMED = 0;
export const BY_THREAD = 1;
export const BY_MAIN = 2;

/**
 * Batches the thread may run ahead of the main thread (a few MiB of heads at most in flight). When it is
 * that far ahead, it waits until the main thread is done with all but {@link RESUME_AHEAD} of them: waking
 * a waiting thread costs the waker up to a few hundred µs, so it is woken once per several batches.
 */
export const MAX_AHEAD = 16;
export const RESUME_AHEAD = 8;

/** What the main thread hands the thread when it starts. */
export interface HeadThreadData {
  /** Files to read, in order; null for one not to read ahead. */
  paths: (string | null)[];
  /** Bytes to read from the start of each file. */
  length: number;
  /** Files per run. */
  run: number;
  /** The shared counters (see {@link POSTED} and after). */
  control: SharedArrayBuffer;
  port: MessagePort;
}
