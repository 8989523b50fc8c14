/**
 * @module The persistent metadata cache (SPEC §5 Caching and reload): one file per cwd mapping each
 * SKILL.md's real path to its stamp (mtime, size, ctime, inode) and parse result, so that a warm load is the
 * walk plus one `stat` per file. Written atomically; a corrupt or older-format file is ignored and rebuilt.
 */

import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { FileStat, FileSystem } from "../fs/file-system.js";
import { nodeBuiltin } from "../fs/node-builtin.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { ParseResult } from "../parser/index.js";
import type { FolderListings, KeptListing } from "../walker/folder-listings.js";
import { decodeRecord, encodeRecord, isStoredRecord, StringTable } from "./cache-record-codec.js";
import type { StoredFolder } from "./folder-digests.js";

/** Bump when the file's layout or the shape of `ParseResult` (or what the parser puts in it) changes. */
export const METADATA_CACHE_VERSION = 8;

const FORMAT = "skillset-metadata";

/**
 * What identifies a version of a file the parse result depends on. mtime and size alone miss an edit that
 * keeps the size and sets the mtime back (`touch -d`, `cp -p`, `rsync -a`, `tar x`) or lands within the
 * clock's tick; as in git's index, the ctime (which every change moves and nothing sets back) and the
 * inode (a file replaced by another) catch those.
 */
export interface FileStamp {
  mtimeMs: number;
  size: number;
  ctimeMs: number;
  ino: number;
}

/** What the cache keeps for one SKILL.md. */
export interface CacheRecord extends FileStamp {
  /** The path the file was parsed through (the result's paths name it). */
  path: string;
  result: ParseResult;
  /** The adjacent `agents/openai.yaml`, when there was one at parse time. */
  openai?: FileStamp;
  /**
   * Set when a file was changed too recently to trust its stamp (see {@link isRacy}): the record serves the
   * load that parsed it, but is not written, and a later load (in this process or another) parses again.
   */
  racy?: true;
}

/** Where the cache file of a cwd lives: `$XDG_CACHE_HOME/skillset/metadata-<hash>.json`. */
export function metadataCachePath(options: {
  cwd: string;
  env: Record<string, string | undefined>;
  home?: string;
}): string {
  const home = options.home ?? options.env.HOME ?? homedir();
  const base = options.env.XDG_CACHE_HOME?.trim() ? options.env.XDG_CACHE_HOME : join(home, ".cache");
  return join(base, "skillset", `metadata-${fileNameHash(resolve(options.cwd))}.json`);
}

/**
 * FNV-1a (64 bits) of `text`'s UTF-8 bytes, as 16 hex digits: names the cache file of a folder without
 * loading `node:crypto` and the stream modules under it (~3 ms of every start-up). Nothing depends on it
 * being hard to collide: two folders whose names collided would share one file, whose records and
 * listings each name their real path and prove themselves by its stamp.
 */
export function fileNameHash(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, "utf8"))
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, "0");
}

/**
 * The 16 hex digits earlier versions named a cwd's cache files by: the start of a SHA-256 of its path. The
 * same shape as {@link fileNameHash}'s, so the files can only be told by computing it (`node:crypto`,
 * which writing the cache loads anyway for its temp file's name).
 */
export function formerFileNameHash(cwd: string): string {
  return nodeBuiltin("node:crypto").createHash("sha256").update(resolve(cwd)).digest("hex").slice(0, 16);
}

/** True when a stat (or another stamp) still matches a stamp. */
export function sameStamp(stamp: FileStamp, stat: FileStamp): boolean {
  return (
    stamp.mtimeMs === stat.mtimeMs &&
    stamp.size === stat.size &&
    stamp.ctimeMs === stat.ctimeMs &&
    stamp.ino === stat.ino
  );
}

/** Whether two records were parsed from the same versions of SKILL.md and of its `agents/openai.yaml`. */
export function sameVersion(a: CacheRecord, b: CacheRecord): boolean {
  if (!sameStamp(a, b)) return false;
  if (a.openai === undefined || b.openai === undefined) return a.openai === b.openai;
  return sameStamp(a.openai, b.openai);
}

/** The stamp of a stat. */
export function stampOf(stat: FileStat): FileStamp {
  return { mtimeMs: stat.mtimeMs, size: stat.size, ctimeMs: stat.ctimeMs, ino: stat.ino };
}

/**
 * How recent a change makes a stamp untrustworthy: an edit in the same clock tick as our read keeps every
 * field of the stamp. Ticks are milliseconds on Linux but 2 s on FAT; the rest is slack for the time
 * between the read and the check (heads are read ahead on another thread).
 */
const RACY_MS = 3_000;

/**
 * Whether a file stamped `stamp` and read before `now` may have changed since without its stamp showing it
 * (git's "racily clean" entries). Judged by mtime, which tests and tools can set back (ctime they cannot);
 * a stamp in the future (a clock set back, a skewed network file system) counts as racy too.
 */
export function isRacy(stamp: FileStamp, now: number): boolean {
  return now - stamp.mtimeMs < RACY_MS;
}

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * JSON with every non-ASCII code unit escaped (they only occur inside strings, where `\uXXXX` means the
 * same). An ASCII file decodes to a one-byte string, which `JSON.parse` reads markedly faster, and encodes
 * without a UTF-8 pass; one non-ASCII character would otherwise make the whole text two-byte.
 */
function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  return NON_ASCII.test(json) ? json.replace(NON_ASCII_ALL, escapeUnit) : json;
}

/**
 * The cache in memory, plus its file. `records` is keyed by real path. Only `save` writes, and only when
 * something changed since the last `load`/`save`.
 */
export class MetadataCache {
  readonly records = new Map<string, CacheRecord>();
  /**
   * Digests of skill folders whose skills tie on name, scope and distance (`folder-digests.ts`), by real
   * folder path. Stored beside the records (`folders`); a file without them, or with a malformed list, has
   * none, and they are computed again.
   */
  readonly folders = new Map<string, StoredFolder>();
  /**
   * What walks learned from plain folders, by real folder path (`walker/folder-listings.ts`): a warm walk
   * `stat`s those folders instead of listing them. Stored as `listings`; a file without them has none.
   */
  readonly listings = new Map<string, KeptListing>();
  /** Folders whose listing a walk asked for or offered since {@link pruneListings}. */
  private listingsUsed = new Set<string>();
  /** The file, or `undefined` for a cache kept in memory only. */
  readonly file: string | undefined;
  private readonly fs: FileSystem;
  private dirty = false;

  /**
   * `cwd`: the folder `file` was named for by {@link metadataCachePath}; the files earlier versions named
   * for it are removed after the first write (none when a host names the file itself).
   */
  constructor(
    file: string | undefined,
    fs: FileSystem,
    private readonly cwd?: string,
  ) {
    this.file = file;
    this.fs = fs;
  }

  /**
   * Replaces the records with the file's. A missing file is an empty cache; a corrupt or older one is an
   * empty cache plus an info diagnostic (the next `save` rewrites it).
   */
  async load(): Promise<Diagnostic[]> {
    this.records.clear();
    this.folders.clear();
    this.listings.clear();
    this.dirty = false;
    if (this.file === undefined) return [];
    let bytes: Uint8Array;
    try {
      bytes = await this.fs.readFile(this.file);
    } catch {
      return [];
    }
    const problem = this.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"),
    );
    if (problem === undefined) return [];
    this.records.clear();
    this.folders.clear();
    this.listings.clear();
    this.dirty = true;
    return [
      diagnostic(
        "info",
        "cache-invalid",
        `The metadata cache ${this.file} ${problem}; it was ignored and will be rebuilt (deleting it is safe).`,
        this.file,
      ),
    ];
  }

  /**
   * Reads the file's text: `{ format, version, records: [realPath, record, realPath, record, …], strings }`,
   * where `strings` is the table of strings the records name by index.
   */
  private parse(text: string): string | undefined {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return "is not valid JSON";
    }
    const top = data as {
      format?: unknown;
      version?: unknown;
      records?: unknown;
      strings?: unknown;
      folders?: unknown;
      listings?: unknown;
    } | null;
    if (typeof top !== "object" || top === null || top.format !== FORMAT) return "is not a skillset cache";
    if (top.version !== METADATA_CACHE_VERSION) return `has format version ${String(top.version)}`;
    const records = top.records;
    if (!Array.isArray(records) || records.length % 2 !== 0) return "has no records";
    const strings = top.strings;
    if (!Array.isArray(strings) || !strings.every((value) => typeof value === "string")) {
      return "has no string table";
    }
    const table = new StringTable(strings);
    for (let index = 0; index < records.length; index += 2) {
      const realPath: unknown = records[index];
      const stored: unknown = records[index + 1];
      if (typeof realPath !== "string" || !isStoredRecord(stored)) {
        return `has a malformed entry for ${String(realPath)}`;
      }
      try {
        this.records.set(realPath, decodeRecord(stored, table));
      } catch {
        return `has a malformed entry for ${realPath}`;
      }
    }
    this.parseFolders(top.folders);
    this.parseListings(top.listings);
    return undefined;
  }

  /**
   * Reads `listings`: `[dir, mtimeMs, ctimeMs, ino, entries, skill, subfolders, …]` (7 values a folder;
   * `ctimeMs` 0 when it equals `mtimeMs`, `subfolders` 0 when there are none). A malformed list is dropped
   * whole: the walk then lists every folder, as a cold one does.
   */
  private parseListings(listings: unknown): void {
    if (!Array.isArray(listings) || listings.length % 7 !== 0) return;
    for (let at = 0; at < listings.length; at += 7) {
      const [dir, mtimeMs, ctimeMs, ino, entries, skill, subfolders] = listings.slice(
        at,
        at + 7,
      ) as unknown[];
      if (
        typeof dir !== "string" ||
        typeof mtimeMs !== "number" ||
        typeof ctimeMs !== "number" ||
        typeof ino !== "number" ||
        typeof entries !== "number" ||
        (skill !== 0 && skill !== 1 && skill !== 2) ||
        !(
          subfolders === 0 ||
          (Array.isArray(subfolders) && subfolders.every((name) => typeof name === "string"))
        )
      ) {
        this.listings.clear();
        return;
      }
      this.listings.set(dir, {
        mtimeMs,
        ctimeMs: ctimeMs === 0 ? mtimeMs : ctimeMs,
        ino,
        entries,
        skill,
        subfolders: subfolders === 0 ? [] : (subfolders as string[]),
      });
    }
  }

  /**
   * The listings as a walk uses them: a listing offered with a stamp too recent to prove anything (see
   * {@link isRacy}) is not kept, and the folder is listed again next time.
   */
  folderListings(): FolderListings {
    return {
      get: (real) => {
        this.listingsUsed.add(real);
        return this.listings.get(real);
      },
      set: (real, listing) => {
        this.listingsUsed.add(real);
        const now = Date.now();
        if (listing === undefined || now - listing.mtimeMs < RACY_MS || now - listing.ctimeMs < RACY_MS) {
          if (this.listings.delete(real)) this.dirty = true;
          return;
        }
        this.listings.set(real, listing);
        this.dirty = true;
      },
    };
  }

  /** Drops the listings of folders no walk asked for since the last call (gone, or no longer searched). */
  pruneListings(): void {
    for (const dir of this.listings.keys()) {
      if (!this.listingsUsed.has(dir)) {
        this.listings.delete(dir);
        this.dirty = true;
      }
    }
    this.listingsUsed = new Set();
  }

  /** Reads `folders`: `[dir, stamp, integrity, [path, sha256, path, sha256, …]], …`; anything else is skipped. */
  private parseFolders(folders: unknown): void {
    if (!Array.isArray(folders)) return;
    for (const item of folders) {
      if (!Array.isArray(item) || item.length !== 4) continue;
      const [dir, stamp, integrity, list] = item as unknown[];
      if (typeof dir !== "string" || typeof stamp !== "string" || typeof integrity !== "string") continue;
      if (!Array.isArray(list) || list.length % 2 !== 0 || !list.every((value) => typeof value === "string"))
        continue;
      const files: { path: string; sha256: string }[] = [];
      for (let index = 0; index < list.length; index += 2) {
        files.push({ path: list[index] as string, sha256: list[index + 1] as string });
      }
      this.folders.set(dir, { stamp, integrity, files });
    }
  }

  /** Stores a folder's digest. */
  setFolder(dir: string, folder: StoredFolder): void {
    if (this.folders.get(dir) === folder) return;
    this.folders.set(dir, folder);
    this.dirty = true;
  }

  /** Removes a folder's digest. */
  deleteFolder(dir: string): void {
    if (this.folders.delete(dir)) this.dirty = true;
  }

  /** Drops every folder digest whose folder is not in `keep`. */
  pruneFolders(keep: ReadonlySet<string>): void {
    for (const dir of this.folders.keys()) {
      if (!keep.has(dir)) {
        this.folders.delete(dir);
        this.dirty = true;
      }
    }
  }

  /** Stores a fresh parse result. */
  set(realPath: string, record: CacheRecord): void {
    this.records.set(realPath, record);
    this.dirty = true;
  }

  /** Removes a record. */
  delete(realPath: string): void {
    if (this.records.delete(realPath)) this.dirty = true;
  }

  /** Drops every record whose real path is not in `keep` (files that are gone or no longer found). */
  prune(keep: ReadonlySet<string>): void {
    for (const realPath of this.records.keys()) {
      if (!keep.has(realPath)) {
        this.records.delete(realPath);
        this.dirty = true;
      }
    }
  }

  /**
   * Writes the file atomically if anything changed. A failed write is an info diagnostic, never a throw.
   * The records are encoded before the first `await`, so later changes to them do not leak into this
   * write, and the caller can do other work while the bytes go to disk.
   */
  async save(): Promise<Diagnostic[]> {
    if (this.file === undefined || !this.dirty) return [];
    const file = this.file;
    const bytes = this.encode();
    this.dirty = false;
    try {
      await this.write(file, bytes);
      await this.sweepFormerNames(file);
      return [];
    } catch (error) {
      this.dirty = true;
      return [
        diagnostic(
          "info",
          "cache-write-failed",
          `Could not write the metadata cache ${file} (${(error as Error).message}); loading works but stays cold. Check that the folder is writable or set XDG_CACHE_HOME.`,
          file,
        ),
      ];
    }
  }

  private encode(): Uint8Array {
    const parts: string[] = [`{"format":"${FORMAT}","version":${METADATA_CACHE_VERSION},"records":[`];
    const table = new StringTable();
    let first = true;
    for (const [realPath, record] of this.records) {
      if (record.racy) continue;
      parts.push(`${first ? "" : ","}${asciiJson(realPath)},${asciiJson(encodeRecord(record, table))}`);
      first = false;
    }
    // The table is complete only now, so it comes last (JSON objects have no order to keep).
    parts.push("]");
    if (this.folders.size > 0) {
      const folders = [...this.folders].map(([dir, folder]) => [
        dir,
        folder.stamp,
        folder.integrity,
        folder.files.flatMap((file) => [file.path, file.sha256]),
      ]);
      parts.push(`,"folders":${asciiJson(folders)}`);
    }
    if (this.listings.size > 0) {
      const listings: unknown[] = [];
      for (const [dir, listing] of this.listings) {
        const { mtimeMs, ctimeMs, ino, entries, skill, subfolders } = listing;
        listings.push(
          dir,
          mtimeMs,
          ctimeMs === mtimeMs ? 0 : ctimeMs,
          ino,
          entries,
          skill,
          subfolders.length === 0 ? 0 : subfolders,
        );
      }
      parts.push(`,"listings":${asciiJson(listings)}`);
    }
    parts.push(`,"strings":${asciiJson(table.strings)}}`);
    // ASCII only (see asciiJson), so latin1 is UTF-8 here, and skips the UTF-8 pass over the text.
    return Buffer.from(parts.join(""), "latin1");
  }

  private swept = false;

  /**
   * Removes, once, the files earlier versions kept beside this cache under the cwd's former name (see
   * {@link formerFileNameHash}): the metadata cache, its name index and the search cache (the hashes are 16
   * hex digits both, so the former name is computed, never guessed from a pattern). Nothing reads them
   * any more, and each is as large as a cache (megabytes for a large tree). Regular files only.
   */
  private async sweepFormerNames(file: string): Promise<void> {
    if (this.swept || this.cwd === undefined) return;
    this.swept = true;
    const former = formerFileNameHash(this.cwd);
    const folder = dirname(file);
    for (const name of [
      `metadata-${former}.json`,
      `metadata-${former}.names.json`,
      `search-${former}.json`,
    ]) {
      const path = join(folder, name);
      const stat = await this.fs.lstat(path).catch(() => undefined);
      if (stat?.isFile && path !== file) await this.fs.rm(path).catch(() => {});
    }
  }

  /**
   * Temp file beside the target, then rename: readers see the old file or the new one. Not flushed to disk
   * (unlike state files): the cache is disposable, and a file torn by a crash is ignored and rebuilt.
   */
  private async write(file: string, bytes: Uint8Array): Promise<void> {
    const temp = join(
      dirname(file),
      `.${basename(file)}.tmp-${process.pid}-${nodeBuiltin("node:crypto").randomBytes(6).toString("hex")}`,
    );
    try {
      await this.fs.writeFile(temp, bytes);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT") throw error;
      await this.fs.mkdir(dirname(file));
      await this.fs.writeFile(temp, bytes);
    }
    try {
      await this.fs.rename(temp, file);
    } catch (error) {
      await this.fs.rm(temp).catch(() => {});
      throw error;
    }
  }
}
