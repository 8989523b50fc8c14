/**
 * @module `integrity`, the digest of a skill folder (SPEC §14; Go's dirhash form): SHA-256 over the lines
 * `<sha256 of the file, hex>  <path>\n`, sorted by path in code-point order. Each file's bytes are hashed on
 * their own and every line ends at a newline, so no two different trees share a digest. One rule for the
 * lock (`@skillset/install` writes and verifies it) and for the registry, which tells copies of one skill
 * from different skills by it (SPEC §5 "Copies are one skill").
 */
import { nodeBuiltin } from "../fs/node-builtin.js";

/** Prefix of every integrity value, naming the algorithm. */
export const INTEGRITY_PREFIX = "sha256:";

/** One file of a skill folder: its path relative to the folder (always `/`) and the hex SHA-256 of its bytes. */
export interface FileHash {
  path: string;
  sha256: string;
}

/** The hex SHA-256 of `bytes`. */
export function sha256Hex(bytes: Uint8Array): string {
  return nodeBuiltin("node:crypto").createHash("sha256").update(bytes).digest("hex");
}

/** `sha256:<hex>` of a folder whose files hash to `files` (in any order). */
export function folderIntegrity(files: readonly FileHash[]): string {
  const sorted = [...files].sort((left, right) => compareCodePoints(left.path, right.path));
  const hash = nodeBuiltin("node:crypto").createHash("sha256");
  for (const file of sorted) hash.update(`${file.sha256}  ${file.path}\n`);
  return `${INTEGRITY_PREFIX}${hash.digest("hex")}`;
}

/** Code-point order (not UTF-16 unit order, not locale order): the same on every machine. */
export function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = (a[index]!.codePointAt(0) ?? 0) - (b[index]!.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
