/**
 * @module Keeps the metadata cache current for a set of found files: a file whose record is missing, stale
 * (its stamp, or its `agents/openai.yaml`'s) or racy is parsed; the rest are reused. Two read paths with
 * one result: synchronous reads in a plain loop (start-up reads thousands of small files, and thread-pool
 * round trips would cost more than the reads), or a bounded pool of asynchronous reads.
 */
import { join } from "node:path";
import type { FileStat, FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { mapConcurrently } from "../fs/map-concurrently.js";
import { diagnostic } from "../model/diagnostic.js";
import type {
  HeadThreadOptions,
  ParseFileOptions,
  ParseFileSyncOptions,
  ParseResult,
} from "../parser/index.js";
import { type FoundSkillFile, linkAreasFor } from "../walker/index.js";
import {
  type CacheRecord,
  isRacy,
  type MetadataCache,
  sameStamp,
  sameVersion,
  stampOf,
} from "./metadata-cache.js";

/** Stats and parses running at once: enough to keep the disk busy without exhausting file handles. */
const FILE_CONCURRENCY = 64;

type Parser = typeof import("../parser/index.js");
let loadedParser: Parser | undefined;

/** The parser, loaded on first use: a load answered wholly from the cache (most start-ups) never needs it. */
async function loadParser(): Promise<Parser> {
  loadedParser ??= await import("../parser/index.js");
  return loadedParser;
}

/** Parses found files into a metadata cache, through `fs`, synchronously when `sync` is given. */
export class CacheParser {
  /** Files parsed since the counter was last reset (one load). */
  parsed = 0;
  /** Files parsed since the parser was created. */
  totalParsed = 0;
  /** Where links may lead (see `link-areas.ts`), for files the reader checks itself. */
  linkAreas: readonly string[] | undefined;
  /**
   * Real paths whose record was replaced by one parsed from another version of the file (its stamp, or its
   * `agents/openai.yaml`'s, differs; or the record was racy and the parse differs), whatever asked for the
   * parse: the registry reports them as `changed` even when what a listener compares (say,
   * size and mtime) is the same (see {@link takeChanged}).
   */
  private readonly changed = new Set<string>();

  constructor(
    private readonly cache: MetadataCache,
    private readonly fs: FileSystem,
    /** The same file system when the registry reads synchronously, else undefined. */
    private readonly sync: (FileSystem & SyncFileReads) | undefined,
    /** When a second thread reads the heads of the files to parse (see `mapWithHeadsSync`). */
    private readonly headThread: HeadThreadOptions = {},
  ) {}

  /**
   * Parses files whose cache record is missing, stale or racy (all of them with `force`); returns how many
   * were reused. A racy record is parsed again, since a load sees no watcher event for a same-tick edit.
   */
  async parseFiles(files: readonly FoundSkillFile[], force: boolean): Promise<number> {
    let reused = 0;
    const { sync } = this;
    if (sync) {
      const stale: FoundSkillFile[] = [];
      for (const file of files) {
        if (!force && this.isFreshSync(file, sync, false)) reused++;
        else stale.push(file);
      }
      if (stale.length > 0) this.parseRunsSync(stale, sync, await loadParser());
      return reused;
    }
    await mapConcurrently(files, FILE_CONCURRENCY, async (file) => {
      if (!force && (await this.isFresh(file, false))) reused++;
      else await this.parseFile(file, true);
    });
    return reused;
  }

  /**
   * Whether the cache record of `file` still matches the disk. `trustRacy`: whether a racy record counts
   * (the watcher, asking about an `add` event, would otherwise report an unchanged file as changed).
   */
  async isFresh(file: FoundSkillFile, trustRacy = true): Promise<boolean> {
    if (this.sync) return this.isFreshSync(file, this.sync, trustRacy);
    const record = this.cache.records.get(file.realPath);
    if (!record || record.path !== file.path || (record.racy && !trustRacy)) return false;
    try {
      if (!sameStamp(record, await this.fs.stat(file.realPath))) return false;
      if (record.openai) return sameStamp(record.openai, await this.fs.stat(openaiPath(file.dir)));
    } catch {
      return false;
    }
    // An `agents` folder but no metadata at parse time: fresh unless an openai.yaml appeared since.
    return !(file.hasAgentsDir && (await this.fs.exists(openaiPath(file.dir))));
  }

  /**
   * Parses one file into the cache. `justWalked`: the file comes from a walk that just listed its folder,
   * so the walk's `hasAgentsDir` still holds (a watcher event may come from an `agents` folder made since).
   */
  async parseFile(file: FoundSkillFile, justWalked = false): Promise<CacheRecord> {
    const parser = await loadParser();
    if (this.sync) return this.parseFileSync(file, this.sync, justWalked, parser);
    const stat = await this.fs.stat(file.realPath).catch(() => undefined);
    let result: ParseResult;
    try {
      result = await parser.parseSkillFile(file.path, this.parseOptions(file, stat, justWalked, this.fs));
    } catch (error) {
      result = parseCrashed(file, error);
    }
    const record = this.newRecord(file, stat, result);
    if (mentionsOpenai(result)) {
      const openai = await this.fs.stat(openaiPath(file.dir)).catch(() => undefined);
      if (openai) record.openai = stampOf(openai);
    }
    this.setRecord(file, record);
    return record;
  }

  private isFreshSync(file: FoundSkillFile, fs: SyncFileReads, trustRacy: boolean): boolean {
    const record = this.cache.records.get(file.realPath);
    if (!record || record.path !== file.path || (record.racy && !trustRacy)) return false;
    try {
      if (!sameStamp(record, fs.statSync(file.realPath))) return false;
      if (record.openai) return sameStamp(record.openai, fs.statSync(openaiPath(file.dir)));
    } catch {
      return false;
    }
    if (!file.hasAgentsDir) return true;
    try {
      fs.statSync(openaiPath(file.dir));
      return false;
    } catch {
      return true;
    }
  }

  /** Parses files just walked, their heads read in runs (see `mapWithHeadsSync`). */
  private parseRunsSync(
    files: readonly FoundSkillFile[],
    fs: FileSystem & SyncFileReads,
    parser: Parser,
  ): void {
    parser.mapWithHeadsSync(
      files,
      (file) => file.path,
      fs,
      (file, head) => this.parseFileSync(file, fs, true, parser, head),
      this.headThread,
    );
  }

  private parseFileSync(
    file: FoundSkillFile,
    fs: FileSystem & SyncFileReads,
    justWalked: boolean,
    parser: Parser,
    head?: StatAndHead,
  ): CacheRecord {
    // The parser stats the file through the same `open` that reads it: the record keeps that stamp.
    let stat: FileStat | undefined;
    let result: ParseResult;
    try {
      const options: ParseFileSyncOptions = this.parseOptions(file, undefined, justWalked, fs);
      if (head !== undefined) options.head = head;
      const parsed = parser.parseSkillFileWithStatSync(file.path, options);
      result = parsed.result;
      stat = parsed.stat;
    } catch (error) {
      result = parseCrashed(file, error);
    }
    const record = this.newRecord(file, stat, result);
    if (mentionsOpenai(result)) {
      try {
        record.openai = stampOf(fs.statSync(openaiPath(file.dir)));
      } catch {
        // Gone since the parse: the record stays without a stamp and the next change re-parses it.
      }
    }
    this.setRecord(file, record);
    return record;
  }

  private parseOptions<F extends FileSystem>(
    file: FoundSkillFile,
    stat: FileStat | undefined,
    justWalked: boolean,
    fs: F,
  ): ParseFileOptions & { fs: F } {
    // A file the walk just found passed its link policy; one the watcher reports may have been swapped for
    // a link since, so the reader checks it again.
    const options: ParseFileOptions & { fs: F } = {
      mode: "lenient",
      fs,
      dir: file.dir,
      linkChecked: justWalked,
    };
    const linkAreas = justWalked ? undefined : linkAreasFor(file.root, this.linkAreas);
    if (linkAreas !== undefined) options.linkAreas = linkAreas;
    if (stat) options.stat = stat;
    if (justWalked && file.hasAgentsDir !== undefined) options.hasAgentsDir = file.hasAgentsDir;
    return options;
  }

  private newRecord(file: FoundSkillFile, stat: FileStat | undefined, result: ParseResult): CacheRecord {
    this.parsed++;
    this.totalParsed++;
    const { path } = file;
    // Without a stat, a stamp no file has: the record is never fresh.
    if (!stat) return { path, mtimeMs: -1, size: -1, ctimeMs: -1, ino: -1, result };
    return { path, mtimeMs: stat.mtimeMs, size: stat.size, ctimeMs: stat.ctimeMs, ino: stat.ino, result };
  }

  /** The real paths parsed from a new version of their files since the last call (see `changed`). */
  takeChanged(): string[] {
    const taken = [...this.changed];
    this.changed.clear();
    return taken;
  }

  /** Stores a record just parsed, marked racy when its files changed too recently to trust their stamps. */
  private setRecord(file: FoundSkillFile, record: CacheRecord): void {
    // Taken after the read, so a file changed in the same tick as the read is caught.
    const now = Date.now();
    if (isRacy(record, now) || (record.openai !== undefined && isRacy(record.openai, now)))
      record.racy = true;
    const was = this.cache.records.get(file.realPath);
    if (was !== undefined && isNewVersion(was, record)) this.changed.add(file.realPath);
    this.cache.set(file.realPath, record);
  }
}

/** Whether `record`, parsed again, is of another version of the files than `was`. */
function isNewVersion(was: CacheRecord, record: CacheRecord): boolean {
  if (!sameVersion(was, record)) return true;
  // A racy record's stamp may hide an edit made in the same clock tick: then only the parse can tell (few
  // records are racy: those of files changed in the last seconds).
  return was.racy === true && JSON.stringify(was.result) !== JSON.stringify(record.result);
}

function openaiPath(dir: string): string {
  return join(dir, "agents", "openai.yaml");
}

/** Whether a parse result depends on `agents/openai.yaml` (its stamp is then kept with the record). */
function mentionsOpenai(result: ParseResult): boolean {
  return (
    result.skill?.openai !== undefined ||
    result.diagnostics.some((found) => found.path.endsWith("openai.yaml")) ||
    (result.skill?.diagnostics ?? []).some((found) => found.path.endsWith("openai.yaml"))
  );
}

function parseCrashed(file: FoundSkillFile, error: unknown): ParseResult {
  return {
    diagnostics: [
      diagnostic(
        "error",
        "parse-crashed",
        `Reading ${file.path} failed unexpectedly (${(error as Error).message}); the skill was not loaded. Please report this with the file attached.`,
        file.path,
      ),
    ],
  };
}
