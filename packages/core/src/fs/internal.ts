/**
 * @module fs (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { asyncOnly } from "./async-only.js";
export { corePackagePath } from "./core-package-path.js";
export { describeReadFailure } from "./describe-read-failure.js";
export { errorFileKind, NOT_REGULAR_CODE } from "./file-kind.js";
export { mapConcurrently } from "./map-concurrently.js";
export { createNodeFileSystem } from "./node-file-system.js";
export {
  MAX_SETTINGS_FILE_BYTES,
  readCappedText,
  TOO_LARGE_CODE,
  type TooLargeError,
} from "./read-capped-text.js";
export { requireOnFirstUse } from "./require-on-first-use.js";
export { syncReads } from "./sync-reads.js";
