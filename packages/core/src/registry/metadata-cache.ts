/**
 * @module The persistent metadata cache (SPEC §5 Caching and reload): one JSON file per cwd mapping each
 * SKILL.md's real path to its mtime, size and parse result, so that a warm load is the walk plus one `stat`
 * per file. Written atomically; a corrupt or older-format file is ignored and rebuilt.
 */
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { FileStat, FileSystem } from "../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { ParseResult } from "../parser/index.js";
import { writeFileAtomic } from "../state/index.js";
import { decodeRecord, encodeRecord, type StoredRecord } from "./cache-record-codec.js";

/** Bump when the shape of `ParseResult` (or what the parser puts in it) changes: older files are ignored. */
export const METADATA_CACHE_VERSION = 2;

const FORMAT = "skillset-metadata";

/** Size and mtime of a file the parse result depends on. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
}

/** What the cache keeps for one SKILL.md. */
export interface CacheRecord extends FileStamp {
  /** The path the file was parsed through (the result's paths name it). */
  path: string;
  result: ParseResult;
  /** The adjacent `agents/openai.yaml`, when there was one at parse time. */
  openai?: FileStamp;
}

/** Where the cache file of a cwd lives: `$XDG_CACHE_HOME/skillset/metadata-<hash>.json`. */
export function metadataCachePath(options: {
  cwd: string;
  env: Record<string, string | undefined>;
  home?: string;
}): string {
  const home = options.home ?? options.env.HOME ?? homedir();
  const base = options.env.XDG_CACHE_HOME?.trim() ? options.env.XDG_CACHE_HOME : join(home, ".cache");
  const hash = createHash("sha256").update(resolve(options.cwd)).digest("hex").slice(0, 16);
  return join(base, "skillset", `metadata-${hash}.json`);
}

/** True when a stat still matches a stamp (same mtime and size). */
export function sameStamp(stamp: FileStamp, stat: FileStat): boolean {
  return stamp.mtimeMs === stat.mtimeMs && stamp.size === stat.size;
}

function isStoredRecord(value: unknown): value is StoredRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<StoredRecord>;
  return (
    typeof record.path === "string" &&
    typeof record.mtimeMs === "number" &&
    typeof record.size === "number" &&
    (record.skill !== undefined || Array.isArray(record.diagnostics))
  );
}

/**
 * The cache in memory, plus its file. `records` is keyed by real path. Only `save` writes, and only when
 * something changed since the last `load`/`save`.
 */
export class MetadataCache {
  readonly records = new Map<string, CacheRecord>();
  /** The file, or `undefined` for a cache kept in memory only. */
  readonly file: string | undefined;
  private readonly fs: FileSystem;
  private dirty = false;

  constructor(file: string | undefined, fs: FileSystem) {
    this.file = file;
    this.fs = fs;
  }

  /**
   * Replaces the records with the file's. A missing file is an empty cache; a corrupt or older one is an
   * empty cache plus an info diagnostic (the next `save` rewrites it).
   */
  async load(): Promise<Diagnostic[]> {
    this.records.clear();
    this.dirty = false;
    if (this.file === undefined) return [];
    let text: string;
    try {
      text = await this.fs.readText(this.file);
    } catch {
      return [];
    }
    const problem = this.parse(text);
    if (problem === undefined) return [];
    this.records.clear();
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

  private parse(text: string): string | undefined {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return "is not valid JSON";
    }
    const top = data as { format?: unknown; version?: unknown; entries?: unknown } | null;
    if (typeof top !== "object" || top === null || top.format !== FORMAT) return "is not a skillset cache";
    if (top.version !== METADATA_CACHE_VERSION) return `has format version ${String(top.version)}`;
    if (typeof top.entries !== "object" || top.entries === null) return "has no entries";
    for (const [realPath, stored] of Object.entries(top.entries)) {
      if (!isStoredRecord(stored)) return `has a malformed entry for ${realPath}`;
      try {
        this.records.set(realPath, decodeRecord(stored));
      } catch {
        return `has a malformed entry for ${realPath}`;
      }
    }
    return undefined;
  }

  /** Empties the cache (the file is rewritten by the next `save`). */
  clear(): void {
    if (this.records.size > 0) this.dirty = true;
    this.records.clear();
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

  /** Writes the file atomically if anything changed. A failed write is an info diagnostic, never a throw. */
  async save(): Promise<Diagnostic[]> {
    if (this.file === undefined || !this.dirty) return [];
    const entries: Record<string, StoredRecord> = {};
    for (const [realPath, record] of this.records) entries[realPath] = encodeRecord(record);
    const text = JSON.stringify({ format: FORMAT, version: METADATA_CACHE_VERSION, entries });
    try {
      await this.fs.mkdir(dirname(this.file));
      await writeFileAtomic(this.file, text, { fs: this.fs });
      this.dirty = false;
      return [];
    } catch (error) {
      return [
        diagnostic(
          "info",
          "cache-write-failed",
          `Could not write the metadata cache ${this.file} (${(error as Error).message}); loading works but stays cold. Check that the folder is writable or set XDG_CACHE_HOME.`,
          this.file,
        ),
      ];
    }
  }
}
