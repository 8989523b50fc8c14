export { asyncOnly } from "./async-only.js";
export type { DirEntry, FileStat, FileSystem, StatAndHead, SyncFileReads } from "./file-system.js";
export { createNodeFileSystem, nodeFileSystem } from "./node-file-system.js";
export { syncReads } from "./sync-reads.js";
