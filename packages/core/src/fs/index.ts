export type { DirEntry, FileStat, FileSystem } from "./file-system.js";
export { createNodeFileSystem, nodeFileSystem } from "./node-file-system.js";
