/**
 * @module `integrity`, skillset's own digest of a skill folder (Go's dirhash form): SHA-256 over the lines
 * `<sha256 of the file, hex>  <path>\n`, sorted by path in code-point order. Each file's bytes are hashed
 * on their own and every line ends at a newline, so no two different trees share a digest the way they
 * can under `computedHash`.
 */
import { createHash } from "node:crypto";
import type { HashedFile } from "./list-hashed-files.js";

/** Prefix of every integrity value, naming the algorithm. */
export const INTEGRITY_PREFIX = "sha256:";

/** `sha256:<hex>` of `files`. */
export function integrity(files: readonly HashedFile[]): string {
  const lines = files
    .map((file) => `${createHash("sha256").update(file.content).digest("hex")}  ${file.path}\n`)
    .sort((left, right) => comparePaths(left.slice(66), right.slice(66)));
  const hash = createHash("sha256");
  for (const line of lines) hash.update(line);
  return `${INTEGRITY_PREFIX}${hash.digest("hex")}`;
}

/** Code-point order (not UTF-16 unit order, not locale order): the same on every machine. */
function comparePaths(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = (a[index]!.codePointAt(0) ?? 0) - (b[index]!.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
