/**
 * @module The registry orchestrator (SPEC §5, §6): lists the roots, walks them, parses each SKILL.md once
 * (through the metadata cache), builds skills, filters and ranks them, applies enablement, and keeps all of
 * it current on `reload`, `discoverFor`, `setEnabled` and file-watcher changes.
 */
import { basename, dirname, join, sep } from "node:path";
import { defaultConfig, type SkillsetConfig } from "../config/config-schema.js";
import { loadConfig } from "../config/load-config.js";
import type { FileStat, FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { mapConcurrently } from "../fs/map-concurrently.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";
import {
  type ParseFileOptions,
  type ParseFileSyncOptions,
  type ParseResult,
  parseSkillFile,
  parseSkillFileWithStatSync,
  SKILL_HEAD_BYTES,
} from "../parser/index.js";
import { findProjectRoot, listRoots, listRootsFor, type Root, type RootsOptions } from "../roots/index.js";
import { loadEnablement, setSkillEnabled } from "../state/index.js";
import { type FoundSkillFile, type WalkOptions, walkRoot } from "../walker/index.js";
import { buildSkill, mergeDiagnostics } from "./build-skill.js";
import { linkAreas } from "./link-areas.js";
import { lookupEntry } from "./lookup-entry.js";
import { type CacheRecord, MetadataCache, metadataCachePath, sameStamp } from "./metadata-cache.js";
import { createNameFilter } from "./name-filter.js";
import { compareText, type RankedEntry, scopeRank } from "./rank-precedence.js";
import { RankingMemo } from "./ranking-memo.js";
import type {
  Lookup,
  RegistryEntry,
  RegistryListener,
  RegistryOptions,
  RegistryStats,
  RegistryWatcher,
  ReloadOptions,
  RootInfo,
  SkillRegistry,
} from "./registry-types.js";
import { type FileChange, type WatchPlan, watchRegistry } from "./watch-registry.js";

/** Stats and parses running at once: enough to keep the disk busy without exhausting file handles. */
const FILE_CONCURRENCY = 64;

/** Files read back to back before they are parsed (see `parseRunsSync`); a few hundred KiB of bytes. */
const READ_RUN = 64;

/** What the registry knows about one root. */
interface RootState {
  root: Root;
  exists: boolean;
  /** Files found under the root, by path as reached. */
  files: Map<string, FoundSkillFile>;
  /** The walker's findings for this root. */
  diagnostics: Diagnostic[];
  directories: number;
}

interface Enablement {
  isEnabled(skill: { name: string; qualifiedName: string; id: string; path: string }): boolean;
  /** Keys disabled after merging the state layers: none means every skill is enabled. */
  disabledKeys: readonly string[];
}

/** Shared and never written to: most skills have no findings beyond their own. */
const noDiagnostics: readonly Diagnostic[] = [];

const everythingEnabled: Enablement = { isEnabled: () => true, disabledKeys: [] };

function isSkillFileName(name: string): boolean {
  return name === "SKILL.md" || name === "skill.md";
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((value, index) => value === b[index]);
}

/** Whether a listener would see no difference between two entries of the same skill. */
function sameEntry(a: RegistryEntry, b: RegistryEntry): boolean {
  if (a.status !== b.status || a.enabled !== b.enabled || a.shadowedBy !== b.shadowedBy) return false;
  if (!sameList(a.ambiguousWith, b.ambiguousWith)) return false;
  if (a.skill === b.skill) return true;
  return (
    a.skill.path === b.skill.path &&
    a.skill.mtimeMs === b.skill.mtimeMs &&
    a.skill.size === b.skill.size &&
    a.skill.source.root === b.skill.source.root
  );
}

class Registry implements SkillRegistry {
  readonly cwd: string;
  private readonly env: Record<string, string | undefined>;
  private readonly home: string | undefined;
  private readonly fs: FileSystem;
  private readonly givenConfig: SkillsetConfig | undefined;
  private readonly cache: MetadataCache;
  private currentConfig: SkillsetConfig;
  private currentProjectRoot: string;
  private rootStates: RootState[] = [];
  /** Roots added by `discoverFor`, kept across reloads. */
  private extraRoots: Root[] = [];
  /** Real paths links may lead into (`WalkOptions.linkAreas`); undefined with `followExternalLinks`. */
  private linkAreas: string[] | undefined;
  private enablement: Enablement = everythingEnabled;
  private stateDiagnostics: Diagnostic[] = [];
  private cacheDiagnostics: Diagnostic[] = [];
  private composedEntries: RegistryEntry[] = [];
  private entriesById = new Map<string, RegistryEntry>();
  /** Paths of files reached a second time (through another root), to their real path. */
  private aliases = new Map<string, string>();
  private composedDiagnostics: Diagnostic[] = [];
  private readonly listeners = new Set<RegistryListener>();
  /** Watchers to tell when the set of roots may have changed (reload, discoverFor). */
  private readonly rootWatchers = new Set<() => void>();
  private loaded: Promise<void> | undefined;
  private cacheLoaded = false;
  private queue: Promise<unknown> = Promise.resolve();
  private counters: RegistryStats = { files: 0, parsed: 0, reused: 0, totalParsed: 0, durationMs: 0 };
  private parsedThisLoad = 0;
  /** False until the first compose: the initial load emits no events. */
  private loadedOnce = false;
  private readonly ranking = new RankingMemo();
  /** Entries with enablement applied, per ranked entry; replaced whenever the enablement changes. */
  private finished = new Map<RankedEntry, RegistryEntry>();
  /** Skills built by the last compose, reused while their cache record and found file are the same objects. */
  private built = new Map<CacheRecord, { file: FoundSkillFile; skill: Skill }>();
  /** Ids re-parsed by the watcher since the last compose (reported as `changed` even with the same stamp). */
  private readonly reparsed = new Set<string>();

  constructor(options: RegistryOptions) {
    this.cwd = options.cwd;
    this.env = options.env ?? process.env;
    this.home = options.home;
    this.fs = options.fs ?? nodeFileSystem;
    this.givenConfig = options.config;
    this.currentConfig = options.config ?? defaultConfig;
    this.currentProjectRoot = options.cwd;
    const file =
      options.cacheFile === false
        ? undefined
        : (options.cacheFile ?? metadataCachePath({ cwd: options.cwd, env: this.env, home: options.home }));
    this.cache = new MetadataCache(file, this.fs);
  }

  get projectRoot(): string {
    return this.currentProjectRoot;
  }

  get config(): SkillsetConfig {
    return this.currentConfig;
  }

  /** Runs `task` after every earlier mutation, so loads, watcher batches and writes never interleave. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  load(): Promise<void> {
    if (!this.loaded) {
      this.loaded = this.exclusive(() => this.fullLoad(false));
      this.loaded.catch(() => {
        this.loaded = undefined;
      });
    }
    return this.loaded;
  }

  reload(options: ReloadOptions = {}): Promise<void> {
    const run = this.exclusive(() => this.fullLoad(options.force === true));
    this.loaded = run;
    run.catch(() => {
      this.loaded = undefined;
    });
    return run;
  }

  entries(): readonly RegistryEntry[] {
    return this.composedEntries;
  }

  lookup(nameOrPath: string): Lookup {
    return lookupEntry(this.composedEntries, nameOrPath, this.cwd, this.aliases);
  }

  diagnostics(): readonly Diagnostic[] {
    return this.composedDiagnostics;
  }

  roots(): readonly RootInfo[] {
    return this.rootStates.map((state) => ({
      root: state.root,
      exists: state.exists,
      skills: state.files.size,
      directories: state.directories,
    }));
  }

  stats(): RegistryStats {
    return { ...this.counters };
  }

  private rootsOptions(): RootsOptions {
    const options: RootsOptions = {
      cwd: this.cwd,
      env: this.env,
      config: this.currentConfig.discovery,
      fs: this.fs,
    };
    if (this.home !== undefined) options.home = this.home;
    return options;
  }

  private location() {
    return {
      projectRoot: this.currentProjectRoot,
      cwd: this.cwd,
      env: this.env,
      fs: this.fs,
      ...(this.home === undefined ? {} : { home: this.home }),
    };
  }

  private async fullLoad(force: boolean): Promise<void> {
    const started = performance.now();
    this.parsedThisLoad = 0;
    const markers = (this.givenConfig ?? defaultConfig).discovery.projectMarkers;
    this.currentProjectRoot = await findProjectRoot(this.cwd, markers, this.fs);
    if (this.givenConfig === undefined) {
      const { config } = await loadConfig(this.location());
      this.currentConfig = config;
      if (config.discovery.projectMarkers.join("\n") !== markers.join("\n")) {
        this.currentProjectRoot = await findProjectRoot(this.cwd, config.discovery.projectMarkers, this.fs);
      }
    }
    // The cache file is read while the roots are walked: one is mostly parsing, the other mostly waiting.
    let cacheLoading: Promise<void> = Promise.resolve();
    if (force) {
      this.cache.clear();
      this.cacheDiagnostics = [];
      this.cacheLoaded = true;
    } else if (!this.cacheLoaded) {
      this.cacheLoaded = true;
      cacheLoading = this.cache.load().then((found) => {
        this.cacheDiagnostics = found;
      });
    }
    const walking = listRoots(this.rootsOptions()).then(async (listed) => {
      const known = new Set(listed.map((root) => root.path));
      const roots = [...listed, ...this.extraRoots.filter((root) => !known.has(root.path))];
      this.linkAreas = await linkAreas(
        roots,
        this.currentProjectRoot,
        this.fs,
        this.currentConfig.discovery.followExternalLinks,
      );
      return Promise.all(roots.map((root) => this.walk(root)));
    });
    const [states] = await Promise.all([walking, this.refreshEnablement(), cacheLoading]);
    this.rootStates = this.orderStates(states);
    const files = this.uniqueFiles();
    const reused = await this.parseFiles(files, force);
    this.cache.prune(new Set(files.map((file) => file.realPath)));
    this.compose();
    for (const replan of this.rootWatchers) replan();
    this.counters = {
      files: files.length,
      parsed: this.parsedThisLoad,
      reused,
      totalParsed: this.counters.totalParsed,
      durationMs: performance.now() - started,
    };
    this.saveAfterwards();
  }

  /**
   * Queues the metadata cache write behind the current task, so a load resolves as soon as its entries
   * are usable: encoding thousands of records costs about a third of a cold load, and the caller has no
   * use for it. `settled()` waits for the write; the write itself is atomic (temp file, then rename).
   */
  private saveAfterwards(): void {
    void this.exclusive(async () => {
      // The caller of `load()` resumes in a microtask; let it run before the encoding takes the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const saved = await this.cache.save();
      if (saved.length > 0) {
        this.cacheDiagnostics = mergeDiagnostics(this.cacheDiagnostics, saved);
        this.compose();
      }
    });
  }

  async settled(): Promise<void> {
    // Tasks may queue more tasks (a load queues its cache write): wait until the queue stops growing.
    let queue: Promise<unknown>;
    do {
      queue = this.queue;
      await queue;
    } while (queue !== this.queue);
  }

  private orderStates(states: RootState[]): RootState[] {
    const order = this.currentConfig.discovery.scopeOrder;
    return states
      .map((state, index) => ({ state, index }))
      .sort(
        (a, b) =>
          scopeRank(a.state.root.scope, order) - scopeRank(b.state.root.scope, order) ||
          (a.state.root.distance ?? 0) - (b.state.root.distance ?? 0) ||
          a.index - b.index,
      )
      .map(({ state }) => state);
  }

  /** How every root is walked: the configured limits, and links kept inside the roots and the project. */
  private walkOptions(): WalkOptions {
    const options: WalkOptions = { limits: this.currentConfig.discovery.limits, fs: this.fs };
    if (this.linkAreas !== undefined) options.linkAreas = this.linkAreas;
    return options;
  }

  private async walk(root: Root): Promise<RootState> {
    const [walked, exists] = await Promise.all([
      walkRoot(root, this.walkOptions()),
      this.fs.stat(root.path).then(
        (stat) => stat.isDirectory,
        () => false,
      ),
    ]);
    const files = new Map<string, FoundSkillFile>();
    for (const file of walked.files) files.set(file.path, file);
    return { root, exists, files, diagnostics: walked.diagnostics, directories: walked.directories };
  }

  private async refreshEnablement(): Promise<void> {
    const { enablement, diagnostics } = await loadEnablement(this.location());
    this.enablement = enablement;
    this.finished = new Map();
    this.stateDiagnostics = diagnostics;
  }

  /** Every file once, by real path, from its highest-precedence root. */
  private uniqueFiles(): FoundSkillFile[] {
    const seen = new Set<string>();
    const files: FoundSkillFile[] = [];
    for (const state of this.rootStates) {
      for (const file of state.files.values()) {
        if (seen.has(file.realPath)) continue;
        seen.add(file.realPath);
        files.push(file);
      }
    }
    return files;
  }

  /**
   * Parses files whose cache record is missing or stale; returns how many were reused. With synchronous
   * reads this is a plain loop (start-up reads thousands of small files: no thread-pool round trips);
   * otherwise a bounded pool of async reads.
   */
  private async parseFiles(files: readonly FoundSkillFile[], force: boolean): Promise<number> {
    let reused = 0;
    const sync = syncReads(this.fs);
    if (sync) {
      const stale: FoundSkillFile[] = [];
      for (const file of files) {
        if (!force && this.isFreshSync(file, sync)) reused++;
        else stale.push(file);
      }
      this.parseRunsSync(stale, sync);
      return reused;
    }
    await mapConcurrently(files, FILE_CONCURRENCY, async (file) => {
      if (!force && (await this.isFresh(file))) reused++;
      else await this.parseFile(file, true);
    });
    return reused;
  }

  /**
   * Parses files (just walked) in runs: the files of a run are opened and read back to back, then parsed.
   * The system calls cost markedly less together than each between two parses, whose allocations push the
   * file system's data out of the processor's caches.
   */
  private parseRunsSync(files: readonly FoundSkillFile[], fs: FileSystem & SyncFileReads): void {
    const read = fs.readHeadWithStatSync;
    const heads: (StatAndHead | undefined)[] = [];
    for (let start = 0; start < files.length; start += READ_RUN) {
      const end = Math.min(start + READ_RUN, files.length);
      for (let index = start; index < end; index++) {
        try {
          heads[index - start] = read?.call(fs, files[index]!.path, SKILL_HEAD_BYTES);
        } catch {
          // The parse reads it again and reports why it cannot.
          heads[index - start] = undefined;
        }
      }
      for (let index = start; index < end; index++) {
        this.parseFileSync(files[index]!, fs, true, heads[index - start]);
        heads[index - start] = undefined;
      }
    }
  }

  private async isFresh(file: FoundSkillFile): Promise<boolean> {
    const record = this.cache.records.get(file.realPath);
    if (!record || record.path !== file.path) return false;
    try {
      if (!sameStamp(record, await this.fs.stat(file.realPath))) return false;
      if (record.openai) return sameStamp(record.openai, await this.fs.stat(openaiPath(file.dir)));
    } catch {
      return false;
    }
    // An `agents` folder but no metadata at parse time: fresh unless an openai.yaml appeared since.
    return !(file.hasAgentsDir && (await this.fs.exists(openaiPath(file.dir))));
  }

  private isFreshSync(file: FoundSkillFile, fs: SyncFileReads): boolean {
    const record = this.cache.records.get(file.realPath);
    if (!record || record.path !== file.path) return false;
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

  /**
   * Parses one file into the cache. `justWalked`: the file comes from a walk that just listed its folder,
   * so the walk's `hasAgentsDir` still holds (a watcher event may come from an `agents` folder made since).
   */
  private async parseFile(file: FoundSkillFile, justWalked = false): Promise<CacheRecord> {
    const sync = syncReads(this.fs);
    if (sync) return this.parseFileSync(file, sync, justWalked);
    const stat = await this.fs.stat(file.realPath).catch(() => undefined);
    let result: ParseResult;
    try {
      result = await parseSkillFile(file.path, this.parseOptions(file, stat, justWalked, this.fs));
    } catch (error) {
      result = parseCrashed(file, error);
    }
    const record = this.newRecord(file, stat, result);
    if (mentionsOpenai(result)) {
      const openai = await this.fs.stat(openaiPath(file.dir)).catch(() => undefined);
      if (openai) record.openai = { mtimeMs: openai.mtimeMs, size: openai.size };
    }
    this.cache.set(file.realPath, record);
    return record;
  }

  private parseFileSync(
    file: FoundSkillFile,
    fs: FileSystem & SyncFileReads,
    justWalked: boolean,
    head?: StatAndHead,
  ): CacheRecord {
    // The parser stats the file through the same `open` that reads it: the record keeps that stamp.
    let stat: FileStat | undefined;
    let result: ParseResult;
    try {
      const options: ParseFileSyncOptions = this.parseOptions(file, undefined, justWalked, fs);
      if (head !== undefined) options.head = head;
      const parsed = parseSkillFileWithStatSync(file.path, options);
      result = parsed.result;
      stat = parsed.stat;
    } catch (error) {
      result = parseCrashed(file, error);
    }
    const record = this.newRecord(file, stat, result);
    if (mentionsOpenai(result)) {
      try {
        const openai = fs.statSync(openaiPath(file.dir));
        record.openai = { mtimeMs: openai.mtimeMs, size: openai.size };
      } catch {
        // Gone since the parse: the record stays without a stamp and the next change re-parses it.
      }
    }
    this.cache.set(file.realPath, record);
    return record;
  }

  private parseOptions<F extends FileSystem>(
    file: FoundSkillFile,
    stat: FileStat | undefined,
    justWalked: boolean,
    fs: F,
  ): ParseFileOptions & { fs: F } {
    // The walker applied the link policy to every file it found.
    const options: ParseFileOptions & { fs: F } = { mode: "lenient", fs, dir: file.dir, linkChecked: true };
    if (stat) options.stat = stat;
    if (justWalked && file.hasAgentsDir !== undefined) options.hasAgentsDir = file.hasAgentsDir;
    return options;
  }

  private newRecord(file: FoundSkillFile, stat: FileStat | undefined, result: ParseResult): CacheRecord {
    this.parsedThisLoad++;
    this.counters.totalParsed++;
    return { path: file.path, mtimeMs: stat?.mtimeMs ?? -1, size: stat?.size ?? -1, result };
  }

  /** Rebuilds entries and diagnostics from the root states and the cache; emits the differences. */
  private compose(): void {
    const order = this.currentConfig.discovery.scopeOrder;
    const filter = createNameFilter(
      this.currentConfig.discovery.include,
      this.currentConfig.discovery.ignore,
    );
    const found: Diagnostic[] = [];
    const skills: Skill[] = [];
    const winners = new Map<string, FoundSkillFile>();
    const aliases = new Map<string, string>();
    // Rebuilt on every compose, so they keep only what is current (a WeakMap cost more per skill).
    const built = new Map<CacheRecord, { file: FoundSkillFile; skill: Skill }>();
    for (const state of this.rootStates) {
      found.push(...state.diagnostics);
      const byPath = new Map<string, Diagnostic[]>();
      for (const walked of state.diagnostics) {
        const list = byPath.get(walked.path);
        if (list) list.push(walked);
        else byPath.set(walked.path, [walked]);
      }
      for (const file of state.files.values()) {
        const winner = winners.get(file.realPath);
        if (winner) {
          aliases.set(file.path, file.realPath);
          aliases.set(file.dir, file.realPath);
          found.push(
            diagnostic(
              "info",
              "duplicate-path",
              `${file.path} is the same file as ${winner.path} (real path ${file.realPath}); it is loaded once, from the ${winner.root.scope} root ${winner.root.path}. Remove one of the links if this is not intended.`,
              file.path,
            ),
          );
          continue;
        }
        winners.set(file.realPath, file);
        const record = this.cache.records.get(file.realPath);
        const parsed = record?.result.skill;
        if (!record || !parsed) {
          const failed = record?.result.diagnostics ?? [];
          found.push(...failed);
          if (!failed.some((item) => item.severity === "error")) {
            found.push(
              diagnostic(
                "error",
                "not-loaded",
                `${file.path} was found but could not be loaded; run \`skillset validate ${file.path}\` to see why.`,
                file.path,
              ),
            );
          }
          continue;
        }
        const walked = byPath.get(file.path);
        let skill: Skill;
        const earlier = walked === undefined ? this.built.get(record) : undefined;
        if (earlier && earlier.file === file) {
          skill = earlier.skill;
          built.set(record, earlier);
        } else {
          const extra =
            record.result.diagnostics === parsed.diagnostics ? noDiagnostics : record.result.diagnostics;
          skill = buildSkill(file, parsed, walked ? [...walked, ...extra] : extra);
          if (walked === undefined) built.set(record, { file, skill });
        }
        const filtered = filter(skill);
        if (filtered) found.push(filtered);
        else skills.push(skill);
      }
    }
    this.built = built;
    const ranking = this.ranking.rank(skills, order);
    const finished = new Map<RankedEntry, RegistryEntry>();
    const byId = new Map<string, RegistryEntry>();
    const entries = ranking.entries.map((ranked) => {
      const entry = this.finished.get(ranked) ?? this.finish(ranked);
      finished.set(ranked, entry);
      byId.set(entry.skill.id, entry);
      return entry;
    });
    this.finished = finished;
    const previous = this.entriesById;
    this.composedEntries = entries;
    this.aliases = aliases;
    this.entriesById = byId;
    this.composedDiagnostics = [
      ...this.stateDiagnostics,
      ...this.cacheDiagnostics,
      ...found,
      ...ranking.diagnostics,
    ];
    if (this.listeners.size > 0 && this.loadedOnce) this.emitDifferences(previous, entries);
    this.reparsed.clear();
    this.loadedOnce = true;
  }

  /**
   * The entry of a ranked skill, with enablement applied. Built field by field (spreading the differently
   * shaped ranked entries is slow), in the key order of `{ ...ranked, enabled }`.
   */
  private finish(ranked: RankedEntry): RegistryEntry {
    const entry = { skill: ranked.skill, status: ranked.status } as RegistryEntry;
    if (ranked.shadowedBy !== undefined) entry.shadowedBy = ranked.shadowedBy;
    if (ranked.ambiguousWith !== undefined) entry.ambiguousWith = ranked.ambiguousWith;
    // Without a disabled key no skill is disabled: skip the per-skill key checks of a start-up.
    entry.enabled = this.enablement.disabledKeys.length === 0 || this.enablement.isEnabled(ranked.skill);
    return entry;
  }

  private emitDifferences(before: ReadonlyMap<string, RegistryEntry>, after: readonly RegistryEntry[]): void {
    const events: { type: "added" | "changed" | "removed"; entry: RegistryEntry }[] = [];
    for (const entry of after) {
      const was = before.get(entry.skill.id);
      if (was === entry) continue;
      if (!was) events.push({ type: "added", entry });
      else if (!sameEntry(was, entry) || this.reparsed.has(entry.skill.id))
        events.push({ type: "changed", entry });
    }
    for (const [id, entry] of before) if (!this.entriesById.has(id)) events.push({ type: "removed", entry });
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // A listener's failure must not break the registry or the other listeners.
        }
      }
    }
  }

  async discoverFor(path: string): Promise<RegistryEntry[]> {
    await this.load();
    return this.exclusive(async () => {
      const known = new Set(this.rootStates.map((state) => state.root.path));
      const added = (await listRootsFor(path, this.rootsOptions())).filter((root) => !known.has(root.path));
      if (added.length === 0) return [];
      this.extraRoots.push(...added);
      const states = await Promise.all(added.map((root) => this.walk(root)));
      this.rootStates = this.orderStates([...this.rootStates, ...states]);
      const fresh = this.uniqueFiles().filter((file) => added.includes(file.root));
      await this.parseFiles(fresh, false);
      this.compose();
      for (const replan of this.rootWatchers) replan();
      const paths = new Set(added.map((root) => root.path));
      return this.composedEntries.filter((entry) => paths.has(entry.skill.source.root));
    });
  }

  async setEnabled(
    key: string,
    enabled: boolean,
    layer: "user" | "project" = "user",
  ): Promise<RegistryEntry[]> {
    await this.load();
    return this.exclusive(async () => {
      await setSkillEnabled({ key, enabled, layer, ...this.location() });
      const before = new Map(this.composedEntries.map((entry) => [entry.skill.id, entry.enabled]));
      await this.refreshEnablement();
      this.compose();
      return this.composedEntries.filter((entry) => before.get(entry.skill.id) !== entry.enabled);
    });
  }

  async watch(listener?: RegistryListener): Promise<RegistryWatcher> {
    await this.load();
    return watchRegistry({
      plan: () => this.exclusive(() => this.watchPlan()),
      apply: (changes) => this.exclusive(() => this.applyChanges(changes)),
      flush: () => this.exclusive(() => this.cache.save()),
      subscribe: (added) => {
        this.listeners.add(added);
        return () => this.listeners.delete(added);
      },
      subscribeRoots: (replan) => {
        this.rootWatchers.add(replan);
        return () => this.rootWatchers.delete(replan);
      },
      listener,
    });
  }

  /** What the watcher should watch: every existing root, and where missing repo/user roots may appear. */
  private async watchPlan(): Promise<WatchPlan> {
    const targets = new Set<string>();
    const home = this.home ?? this.env.HOME;
    for (const state of this.rootStates) {
      if (state.exists) {
        targets.add(state.root.path);
        continue;
      }
      const boundary =
        state.root.scope === "repo"
          ? this.currentProjectRoot
          : state.root.scope === "user"
            ? home
            : undefined;
      if (boundary === undefined || !isInside(state.root.path, boundary)) continue;
      for (let folder = dirname(state.root.path); isInside(folder, boundary); folder = dirname(folder)) {
        if (await this.fs.exists(folder)) {
          targets.add(folder);
          break;
        }
        if (folder === boundary) break;
      }
    }
    return {
      targets: [...targets].sort(compareText),
      roots: this.rootStates.map((state) => state.root.path),
      maxDepth: this.currentConfig.discovery.limits.maxDepth,
      followLinks: this.currentConfig.discovery.followSymlinks,
    };
  }

  /** Applies a batch of file-watcher changes: re-parses changed files alone, walks only what must be. */
  private async applyChanges(changes: readonly FileChange[]): Promise<void> {
    const rescan = new Set<RootState>();
    /** Files to parse again, by real path; `true` when only a stale stamp should cause a parse. */
    const reparse = new Map<string, { file: FoundSkillFile; ifStale: boolean }>();
    const addFile = (state: RootState, file: FoundSkillFile) => {
      if (this.needsWalker(state, file.path)) {
        rescan.add(state);
        return;
      }
      state.files.set(file.path, file);
      reparse.set(file.realPath, { file, ifStale: false });
    };
    for (const change of changes) {
      const name = basename(change.path);
      if (change.kind === "addDir" || change.kind === "unlinkDir") {
        for (const state of this.rootStates) {
          if (isInside(state.root.path, change.path)) {
            // The root itself, or a folder above it, came or went.
            if (change.kind === "addDir" && !state.exists) rescan.add(state);
            if (change.kind === "unlinkDir") {
              Object.assign(state, { exists: false, files: new Map(), diagnostics: [], directories: 0 });
            }
          } else if (isInside(change.path, state.root.path) && state.exists && !rescan.has(state)) {
            if (change.kind === "unlinkDir") {
              for (const path of [...state.files.keys()]) {
                if (isInside(path, change.path)) state.files.delete(path);
              }
              continue;
            }
            // A new folder (possibly moved in whole): walk just that folder.
            const walked = await walkRoot({ ...state.root, path: change.path }, this.walkOptions());
            for (const file of walked.files) {
              if (file.lowercase) rescan.add(state);
              else if (!state.files.has(file.path)) addFile(state, { ...file, root: state.root });
            }
          }
        }
        continue;
      }
      if (name === "openai.yaml" && basename(dirname(change.path)) === "agents") {
        const skillDir = dirname(dirname(change.path));
        for (const state of this.rootStates) {
          for (const file of state.files.values()) {
            if (file.dir === skillDir) reparse.set(file.realPath, { file, ifStale: false });
          }
        }
        continue;
      }
      if (!isSkillFileName(name)) continue;
      for (const state of this.rootStates) {
        if (change.path === state.root.path || !isInside(change.path, state.root.path)) continue;
        if (!state.exists) {
          rescan.add(state);
          continue;
        }
        const known = state.files.get(change.path);
        if (change.kind === "unlink") {
          if (!known) continue;
          state.files.delete(change.path);
          // A lowercase skill.md beside the removed SKILL.md takes over: let the walker pick it up.
          if (name === "SKILL.md" && (await this.fs.exists(join(known.dir, "skill.md")))) rescan.add(state);
          continue;
        }
        if (known) {
          const ifStale = change.kind === "add";
          if (!reparse.has(known.realPath)) reparse.set(known.realPath, { file: known, ifStale });
          continue;
        }
        if (name === "skill.md") {
          rescan.add(state);
          continue;
        }
        const realPath = await this.fs.realpath(change.path).catch(() => undefined);
        if (realPath === undefined) continue; // gone again before we looked
        addFile(state, {
          path: change.path,
          realPath,
          dir: dirname(change.path),
          root: state.root,
          lowercase: false,
        });
      }
    }
    for (const state of rescan) Object.assign(state, await this.walk(state.root));
    const files = this.uniqueFiles();
    const wanted = new Map(files.map((file) => [file.realPath, file]));
    for (const [realPath, { ifStale }] of reparse) {
      const current = wanted.get(realPath);
      if (current === undefined) continue;
      if (ifStale && (await this.isFresh(current))) continue;
      await this.parseFile(current);
      this.reparsed.add(realPath);
    }
    if (rescan.size > 0) {
      const walkedRoots = new Set([...rescan].map((state) => state.root.path));
      const others = files.filter((file) => walkedRoots.has(file.root.path) && !reparse.has(file.realPath));
      await this.parseFiles(others, false);
    }
    for (const realPath of [...this.cache.records.keys()]) {
      if (!wanted.has(realPath)) this.cache.delete(realPath);
    }
    this.compose();
  }

  /** True when only the walker can tell whether a new SKILL.md counts (too deep, or inside skill resources). */
  private needsWalker(state: RootState, path: string): boolean {
    const parts = dirname(path)
      .slice(state.root.path.length + 1)
      .split(sep);
    if (parts.length > this.currentConfig.discovery.limits.maxDepth) return true;
    return parts.some((part) => part === "scripts" || part === "references" || part === "assets");
  }
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

/**
 * Creates a registry. Nothing is read until `load()` (or any method that needs it) is called.
 * Options are merged with their defaults once, here.
 * @example
 * const registry = createRegistry({ cwd: process.cwd(), env: process.env });
 * await registry.load();
 * registry.lookup("pdf"); // { kind: "found", entry } | { kind: "ambiguous", entries } | { kind: "not-found" }
 */
export function createRegistry(options: RegistryOptions): SkillRegistry {
  return new Registry(options);
}
