/**
 * @module Picks the synchronous reads of a file system, when it has all of them.
 */
import type { DirEntry, FileStat, FileSystem, SyncFileReads } from "./file-system.js";

/**
 * `fs` itself as {@link SyncFileReads} when it has every synchronous read, else `undefined` (use the async
 * methods). All or nothing, so a caller never mixes a wrapper's async override with an inherited sync read.
 */
export function syncReads(fs: FileSystem): (FileSystem & SyncFileReads) | undefined {
  return typeof fs.readdirSync === "function" &&
    typeof fs.statSync === "function" &&
    typeof fs.readHeadSync === "function" &&
    typeof fs.readFileSync === "function" &&
    typeof fs.readTextSync === "function"
    ? (fs as FileSystem & SyncFileReads)
    : undefined;
}

/**
 * `fs.realpath(path)`, synchronous when `fs` has its synchronous reads: a root or a folder asked on its own
 * otherwise costs a thread-pool trip and a promise (tens of them at every start). Awaited, a failure
 * throws or rejects alike.
 */
export function realpathNow(fs: FileSystem, path: string): string | Promise<string> {
  const sync = syncReads(fs);
  return sync?.realpathSync ? sync.realpathSync(path) : fs.realpath(path);
}

/** `fs.stat(path)`, synchronous when `fs` has its synchronous reads (see {@link realpathNow}). */
export function statNow(fs: FileSystem, path: string): FileStat | Promise<FileStat> {
  const sync = syncReads(fs);
  return sync ? sync.statSync(path) : fs.stat(path);
}

/** What `read` gives, or undefined when it throws or rejects; synchronous when `read` is. */
export function orUndefined<T>(read: () => T | Promise<T>): T | undefined | Promise<T | undefined> {
  try {
    const value = read();
    return value instanceof Promise ? value.catch(() => undefined) : value;
  } catch {
    return undefined;
  }
}

/** `fs.exists(path)`, synchronous when `fs` has its synchronous reads (see {@link realpathNow}). */
export function existsNow(fs: FileSystem, path: string): boolean | Promise<boolean> {
  const sync = syncReads(fs);
  if (!sync) return fs.exists(path);
  try {
    sync.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `fs.readdir(path)`, synchronous when `fs` has its synchronous reads (see {@link realpathNow}). */
export function readdirNow(fs: FileSystem, path: string): DirEntry[] | Promise<DirEntry[]> {
  const sync = syncReads(fs);
  return sync ? sync.readdirSync(path) : fs.readdir(path);
}
