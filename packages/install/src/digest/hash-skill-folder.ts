/**
 * @module Both digests of a skill folder from one read of its files.
 */
import { computedHash } from "./computed-hash.js";
import { integrity } from "./integrity.js";
import { type HashedFile, listHashedFiles } from "./list-hashed-files.js";

/** The two digests a lock entry records. */
export interface SkillDigests {
  computedHash: string;
  integrity: string;
}

/** Reads `dir` once and returns `computedHash` (vercel interop) and `integrity` (verification). */
export async function hashSkillFolder(dir: string): Promise<SkillDigests> {
  return skillDigests(await listHashedFiles(dir));
}

/** Both digests of `files` (a skill's files, already read). */
export function skillDigests(files: readonly HashedFile[]): SkillDigests {
  return { computedHash: computedHash(files), integrity: integrity(files) };
}
