/**
 * @module fs (public) — what hosts get from `@skillset/core/fs`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { describeKind, type FileKind, fileKind, notRegularFileError } from "./file-kind.js";
export type { DirEntry, FileStat, FileSystem, StatAndHead, SyncFileReads } from "./file-system.js";
export { isSameOrInside } from "./is-same-or-inside.js";
export { nodeFileSystem } from "./node-file-system.js";
