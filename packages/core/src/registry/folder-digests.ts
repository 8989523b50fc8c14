/**
 * @module Folder digests for "Copies are one skill" (SPEC §5): the §14 `integrity` of a skill folder, read
 * the way `@skillset/install` reads it (regular files only — links are not followed —, `.git` and
 * `node_modules` skipped, paths joined with `/`), bounded, and kept by the folder's stamp (every file's
 * path, size, mtime, ctime and inode) in the metadata cache. Only folders of skills that tie on name,
 * scope and distance are ever asked for, so a load without such ties hashes nothing.
 */

import { join } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { nodeBuiltin } from "../fs/node-builtin.js";
import { type FileHash, folderIntegrity, sha256Hex } from "../model/folder-integrity.js";
import { isRacy, type MetadataCache } from "./metadata-cache.js";

/** What a folder holds, as far as telling copies apart needs. */
export interface FolderDigest {
  /** `sha256:<hex>`, the §14 `integrity` of the folder. */
  integrity: string;
  /** Each regular file's path (relative, `/`) and hex SHA-256, sorted by path. */
  files: readonly FileHash[];
}

/** What the metadata cache keeps for one folder. */
export interface StoredFolder extends FolderDigest {
  /** Digest of every file's path, size, mtime, ctime and inode: the folder is unchanged while it is equal. */
  stamp: string;
}

/** Folders no digest looks into (the same two `@skillset/install` and vercel's lock skip). */
const UNHASHED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** Bounds on one folder: beyond them it is not compared (its copies stay ambiguous). */
export interface FolderDigestLimits {
  files: number;
  bytes: number;
  depth: number;
}

const DEFAULT_LIMITS: FolderDigestLimits = { files: 2_000, bytes: 64 * 1024 * 1024, depth: 12 };

interface Listed {
  path: string;
  full: string;
  size: number;
}

/**
 * The regular files below `dir` and the folder's stamp, or `undefined` past the limits or on a read error.
 * `racy` when a file changed too recently for its stamp to be trusted later.
 */
async function listFolder(
  fs: FileSystem,
  dir: string,
  limits: FolderDigestLimits,
  now: number,
): Promise<{ files: Listed[]; stamp: string; racy: boolean } | undefined> {
  const files: Listed[] = [];
  const stamps: string[] = [];
  let bytes = 0;
  let racy = false;
  const visit = async (folder: string, prefix: string, depth: number): Promise<boolean> => {
    if (depth > limits.depth) return false;
    for (const entry of await fs.readdir(folder)) {
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      const full = join(folder, entry.name);
      if (entry.isDirectory && !entry.isSymbolicLink) {
        if (UNHASHED_FOLDERS.has(entry.name)) continue;
        stamps.push(`${path}/`);
        if (!(await visit(full, path, depth + 1))) return false;
      } else if (entry.isFile && !entry.isSymbolicLink) {
        const stat = await fs.lstat(full);
        if (!stat.isFile) continue;
        bytes += stat.size;
        if (files.length >= limits.files || bytes > limits.bytes) return false;
        if (isRacy(stat, now)) racy = true;
        files.push({ path, full, size: stat.size });
        stamps.push(`${path}\0${stat.size}\0${stat.mtimeMs}\0${stat.ctimeMs}\0${stat.ino}`);
      }
    }
    return true;
  };
  try {
    if (!(await visit(dir, "", 0))) return undefined;
  } catch {
    return undefined;
  }
  stamps.sort();
  const stamp = nodeBuiltin("node:crypto").createHash("sha256").update(stamps.join("\n")).digest("base64");
  return { files, stamp, racy };
}

/** Hashes every listed file; `undefined` when one cannot be read or changed size meanwhile. */
async function hashFiles(fs: FileSystem, listed: readonly Listed[]): Promise<FileHash[] | undefined> {
  try {
    const hashed = await Promise.all(
      listed.map(async (file) => {
        const bytes = await fs.readFile(file.full);
        if (bytes.byteLength !== file.size) throw new Error("changed while read");
        return { path: file.path, sha256: sha256Hex(bytes) };
      }),
    );
    return hashed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  } catch {
    return undefined;
  }
}

/**
 * The digest of `dir` now (no cache), or `undefined` when it cannot be had (unreadable, past the limits).
 * @example (await digestFolder(nodeFileSystem, "/p/.agents/skills/pdf"))?.integrity // "sha256:…"
 */
export async function digestFolder(
  fs: FileSystem,
  dir: string,
  limits: FolderDigestLimits = DEFAULT_LIMITS,
): Promise<FolderDigest | undefined> {
  const listed = await listFolder(fs, dir, limits, Date.now());
  if (listed === undefined) return undefined;
  const files = await hashFiles(fs, listed.files);
  return files === undefined ? undefined : { integrity: folderIntegrity(files), files };
}

/**
 * The registry's folder digests: asked for by real folder path while ranking (`of`), computed between
 * compositions (`ensure`), re-checked against their stamps on every load (`refresh`), kept in the metadata
 * cache. A digest object stays the same object while its folder is unchanged, so a ranking that used it
 * can be reused.
 */
export class FolderDigests {
  /** Digests checked during this load: folder → digest, or `null` when it cannot be had. */
  private current = new Map<string, FolderDigest | null>();
  /** Folders asked for since the last `take`. */
  private asked = new Set<string>();
  private readonly cache: MetadataCache;
  private readonly fs: FileSystem;
  private readonly limits: FolderDigestLimits;

  constructor(cache: MetadataCache, fs: FileSystem, limits: FolderDigestLimits = DEFAULT_LIMITS) {
    this.cache = cache;
    this.fs = fs;
    this.limits = limits;
  }

  /** The digest of `dir` if checked this load; `null` when it cannot be had; `undefined` when not yet known. */
  of(dir: string): FolderDigest | null | undefined {
    this.asked.add(dir);
    return this.current.get(dir);
  }

  /** Folders asked for since the last call whose digest is not known yet. */
  takeWanted(): string[] {
    const wanted = [...this.asked].filter((dir) => !this.current.has(dir));
    return wanted;
  }

  /** Starts a load: every folder is checked again (against its stamp) before it is used. */
  async refresh(): Promise<void> {
    const known = [...this.current.keys(), ...this.cache.folders.keys()];
    this.current = new Map();
    this.asked = new Set();
    await this.ensure([...new Set(known)]);
  }

  /** Forgets `dir` (a file in it changed): its next use checks it again. */
  forget(dir: string): void {
    this.current.delete(dir);
  }

  /** Checks or computes the digest of every folder in `dirs` (stamp equal: the cached digest is kept). */
  async ensure(dirs: readonly string[]): Promise<void> {
    const now = Date.now();
    await Promise.all(
      dirs.map(async (dir) => {
        const listed = await listFolder(this.fs, dir, this.limits, now);
        if (listed === undefined) {
          this.current.set(dir, null);
          this.cache.deleteFolder(dir);
          return;
        }
        const stored = this.cache.folders.get(dir);
        if (stored && stored.stamp === listed.stamp) {
          this.current.set(dir, stored);
          return;
        }
        const files = await hashFiles(this.fs, listed.files);
        if (files === undefined) {
          this.current.set(dir, null);
          this.cache.deleteFolder(dir);
          return;
        }
        const folder: StoredFolder = { integrity: folderIntegrity(files), files, stamp: listed.stamp };
        this.current.set(dir, folder);
        // A folder changed within the clock's tick is used, never stored: the next load hashes it again.
        if (listed.racy) this.cache.deleteFolder(dir);
        else this.cache.setFolder(dir, folder);
      }),
    );
  }

  /** Drops cached folders no skill of the last composition asked for (ties that are gone). */
  prune(): void {
    this.cache.pruneFolders(this.asked);
  }
}
