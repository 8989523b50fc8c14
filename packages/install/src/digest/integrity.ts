/**
 * @module `integrity`, skillset's own digest of a skill folder: the rule lives in core
 * (`@skillset/core/model` `folderIntegrity`), shared with the registry, which tells copies of one skill
 * from different skills by it (SPEC §5); here it is applied to files already read.
 */
import { folderIntegrity, INTEGRITY_PREFIX, sha256Hex } from "@skillset/core/model";
import type { HashedFile } from "./list-hashed-files.js";

export { INTEGRITY_PREFIX };

/** `sha256:<hex>` of `files`. */
export function integrity(files: readonly HashedFile[]): string {
  return folderIntegrity(files.map((file) => ({ path: file.path, sha256: sha256Hex(file.content) })));
}
