/**
 * @module Picks the synchronous reads of a file system, when it has all of them.
 */
import type { FileSystem, SyncFileReads } from "./file-system.js";

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
