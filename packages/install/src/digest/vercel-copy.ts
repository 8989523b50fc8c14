/**
 * @module What vercel's `skills` CLI (1.7.4) installs from a skill folder, as skillset's `integrity`: its
 * copy follows links and leaves out `metadata.json` files and `.git`, `__pycache__` and `__pypackages__`
 * folders. An entry it wrote has no `integrity`, and its `computedHash` is of the *source* (links skipped),
 * so the installed copy of a skill holding a link or a `metadata.json` never hashes to it: with the source
 * at the locked version at hand, this digest tells whether the copy is still what vercel installed.
 */

import { integrity } from "./integrity.js";
import type { HashedFile } from "./list-hashed-files.js";

const LEFT_OUT_FOLDERS = new Set([".git", "__pycache__", "__pypackages__"]);

/**
 * `integrity` of the files of `files` (a skill as fetched, links resolved) that vercel's copy keeps.
 * `whole`: the `integrity` of all of `files`, when known; returned as it is when vercel keeps every file
 * (the usual case), so the files are not hashed twice.
 */
export function vercelCopyIntegrity(files: readonly HashedFile[], whole?: string): string {
  const kept = files.filter((file) => {
    const parts = file.path.split("/");
    return parts.at(-1) !== "metadata.json" && !parts.slice(0, -1).some((part) => LEFT_OUT_FOLDERS.has(part));
  });
  return whole !== undefined && kept.length === files.length ? whole : integrity(kept);
}
