export { asyncOnly } from "./async-only.js";
export { corePackagePath } from "./core-package-path.js";
export { describeReadFailure } from "./describe-read-failure.js";
export {
  describeKind,
  errorFileKind,
  type FileKind,
  fileKind,
  NOT_REGULAR_CODE,
  notRegularFileError,
} from "./file-kind.js";
export type { DirEntry, FileStat, FileSystem, StatAndHead, SyncFileReads } from "./file-system.js";
export { isSameOrInside } from "./is-same-or-inside.js";
export { mapConcurrently } from "./map-concurrently.js";
export { createNodeFileSystem, nodeFileSystem } from "./node-file-system.js";
export {
  MAX_SETTINGS_FILE_BYTES,
  readCappedText,
  TOO_LARGE_CODE,
  type TooLargeError,
} from "./read-capped-text.js";
export { syncReads } from "./sync-reads.js";
