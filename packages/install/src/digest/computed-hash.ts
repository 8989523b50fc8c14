/**
 * @module `computedHash`, exactly as vercel's `skills` CLI writes it in `skills-lock.json`, so either tool
 * reads the other's lock: SHA-256 over, for each file sorted by `localeCompare` of its path, the path then
 * the bytes. vercel takes it over the source as fetched, where links are skipped: a file that was a link
 * there (`linked`; skillset installs it as the file it points to) is left out. Path and content are concatenated without a separator, so it is ambiguous (file `a` holding
 * `bc` hashes like file `ab` holding `c`): skillset verifies with `integrity` instead.
 */
import { createHash } from "node:crypto";
import type { HashedFile } from "./list-hashed-files.js";

/** The hex digest of `files` under vercel's scheme. */
export function computedHash(files: readonly HashedFile[]): string {
  const sorted = files
    .filter((file) => !file.linked)
    .sort((left, right) => left.path.localeCompare(right.path));
  const hash = createHash("sha256");
  for (const file of sorted) {
    hash.update(file.path);
    hash.update(file.content);
  }
  return hash.digest("hex");
}
