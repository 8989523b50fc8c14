/**
 * @module The one read of a file's stat and head (SPEC §15): a non-blocking open, `fstat` on the open
 * descriptor, and bytes read only from a regular file. The node file system reads heads with it on the
 * main thread, and the head-reading thread (`head-reader-worker.ts`) with the same code, into its batches.
 */
import type { Stats } from "node:fs";
import { fileKind } from "./file-kind.js";
import type { FileStat, StatAndHead } from "./file-system.js";
import { nodeFs } from "./node-builtin.js";

const { closeSync, constants, fstatSync, openSync, readSync } = nodeFs;

/** Non-blocking, so that opening a FIFO never hangs; no effect on regular files. */
export const READ_NONBLOCKING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The fields skillset uses of a Node `Stats`. */
export function toStat(stats: Stats): FileStat {
  return {
    kind: fileKind(stats),
    isFile: stats.isFile(),
    isDirectory: stats.isDirectory(),
    isSymbolicLink: stats.isSymbolicLink(),
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    ctimeMs: stats.ctimeMs,
    ino: stats.ino,
    mode: stats.mode & 0o777,
  };
}

/** Reads from the start of `fd` into `buffer` until `length` bytes or the end of the file; returns the count. */
export function readInto(fd: number, buffer: Uint8Array, length: number): number {
  let total = 0;
  while (total < length) {
    const read = readSync(fd, buffer, total, length - total, total);
    if (read === 0) break;
    total += read;
  }
  return total;
}

const noBytes = new Uint8Array(0);

/**
 * The stat of the file at `path` and at most `length` bytes from its start, from one open that never
 * blocks; no bytes unless it is a regular file. The bytes are read into `bufferFor(room)`, where `room` is
 * the file's size up to `length`, or `length` for a size of 0 (which may hide content, as in procfs): at
 * most `room` bytes and at most the buffer's length (a shorter buffer takes only the head). Throws the
 * Node error when the open or the read fails.
 */
export function readHeadWithStat(
  path: string,
  length: number,
  bufferFor: (room: number) => Uint8Array,
): StatAndHead {
  const fd = openSync(path, READ_NONBLOCKING);
  try {
    const stat = toStat(fstatSync(fd));
    if (!stat.isFile) return { stat, bytes: noBytes };
    const room = stat.size === 0 ? length : Math.min(stat.size, length);
    const buffer = bufferFor(room);
    const total = readInto(fd, buffer, Math.min(room, buffer.length));
    return { stat, bytes: total === buffer.length ? buffer : buffer.subarray(0, total) };
  } finally {
    closeSync(fd);
  }
}
