/**
 * @module Folder listings kept between walks (SPEC §5 Caching): what the walker learned from a folder's
 * `readdir`, by the folder's real path and stamp. A folder whose stamp is unchanged is `stat`ed and its kept
 * listing used instead of listing it again. The proof is the rule every POSIX file system (and NTFS) keeps:
 * adding, removing or renaming an entry of a folder sets the folder's mtime and ctime, and nothing sets a
 * ctime back; an entry cannot change kind without being removed and made again. Only listings that hold
 * nothing else are kept: a folder with links (whose targets can change without touching it), an odd skill
 * file, or a finding is listed every time. Whoever keeps them refuses stamps too recent to prove anything.
 */
import type { FileStat } from "../fs/file-system.js";

/** What a walk needs from one plain folder's listing. */
export interface KeptListing {
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** Entries the folder held (counted against `maxEntries`). */
  entries: number;
  /** 0: no SKILL.md; 1: a SKILL.md file; 2: a SKILL.md file and an `agents` folder beside it. */
  skill: 0 | 1 | 2;
  /** Names of the sub-folders worth searching, sorted (a skill's resource folders left out). */
  subfolders: readonly string[];
}

/** Where a walk finds and leaves listings (the registry keeps them in the metadata cache). */
export interface FolderListings {
  get(real: string): KeptListing | undefined;
  /** Keeps a listing (may refuse it: a stamp too recent to trust), or drops the folder's (`undefined`). */
  set(real: string, listing: KeptListing | undefined): void;
}

/** Whether a folder's stat still matches a kept listing's stamp. */
export function listingHolds(listing: KeptListing, stat: FileStat): boolean {
  return (
    stat.isDirectory &&
    listing.mtimeMs === stat.mtimeMs &&
    listing.ctimeMs === stat.ctimeMs &&
    listing.ino === stat.ino
  );
}
