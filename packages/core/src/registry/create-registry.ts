/**
 * @module The registry orchestrator (SPEC §5, §6): resolves the configuration, lists and walks the roots
 * (`root-state.ts`), parses each SKILL.md once through the metadata cache (`parse-into-cache.ts`), composes
 * entries (`compose-entries.ts`), and keeps them current on `reload`, `discoverFor`, `setEnabled` and
 * file-watcher changes (`apply-file-changes.ts`). Every mutation runs in one queue, never interleaved.
 */

import { dirname } from "node:path";
import { configPaths } from "../config/config-paths.js";
import type { SkillsetConfig } from "../config/config-schema.js";
import { defaultConfig } from "../config/default-config.js";
import { asyncOnly } from "../fs/async-only.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { SkillsetError } from "../model/errors.js";
import { mergeDiagnostics } from "../model/merge-diagnostics.js";
import type { SkillListing } from "../model/remote-origin.js";
import { listRoots, listRootsFor, type Root, type RootsOptions } from "../roots/index.js";
import { createEnablement, type Enablement, pathKeysOf } from "../state/enablement.js";
import { enablementLayer, loadEnablement } from "../state/load-enablement.js";
import { setSkillEnabled } from "../state/set-skill-enabled.js";
import { isPathKey } from "../state/state-key.js";
import type { SkillsetState } from "../state/state-schema.js";
import type { FolderListings } from "../walker/index.js";
import { applyFileChanges } from "./apply-file-changes.js";
import { type ComposeMemo, composeEntries, createComposeMemo } from "./compose-entries.js";
import { entryEvents } from "./entry-events.js";
import { FolderDigests } from "./folder-digests.js";
import { linkAreas } from "./link-areas.js";
import { looksLikePath, lookupEntry } from "./lookup-entry.js";
import { MetadataCache, metadataCachePath } from "./metadata-cache.js";
import {
  buildNameIndex,
  candidateStates,
  nameIndexPath,
  recordingFileSystem,
  walkInputs,
} from "./name-index.js";
import { CacheParser } from "./parse-into-cache.js";
import { planWatch } from "./plan-watch.js";
import type {
  EnabledChange,
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
import { resolveRegistryConfig } from "./resolve-registry-config.js";
import { orderRootStates, type RootState, uniqueFiles, walkRootState } from "./root-state.js";
import { addSourceEntries } from "./source-entries.js";
import { watchRegistry } from "./watch-registry.js";

/** Milliseconds of a monotonic clock: the `performance` global loads `perf_hooks` (~1 ms of a start-up). */
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

const everythingEnabled: Enablement = { isEnabled: () => true, disabledKeys: [] };

/**
 * The file system the registry reads through: `fs` itself when it reads synchronously (it must then have
 * every synchronous read), else a view without them, so no stage below takes the sync path on its own.
 */
function readingFileSystem(options: RegistryOptions): { fs: FileSystem; synchronous: boolean } {
  const given = options.fs ?? nodeFileSystem;
  const synchronous = options.synchronousReads ?? given === nodeFileSystem;
  if (!synchronous) return { fs: asyncOnly(given), synchronous };
  if (syncReads(given) === undefined) {
    throw new SkillsetError(
      "options-invalid",
      "createRegistry: `synchronousReads: true` needs an `fs` with every synchronous read (readdirSync, statSync, readHeadSync, readFileSync, readTextSync); add them or pass `synchronousReads: false`.",
    );
  }
  return { fs: given, synchronous };
}

class Registry implements SkillRegistry {
  readonly cwd: string;
  private readonly options: RegistryOptions;
  private readonly env: Record<string, string | undefined>;
  private readonly fs: FileSystem;
  private readonly cache: MetadataCache;
  private readonly parser: CacheParser;
  /** Digests of the folders of tied skills, to tell copies of one skill from different skills (SPEC §5). */
  private digests: FolderDigests;
  private currentConfig: SkillsetConfig;
  private currentProjectRoot: string;
  private readFiles: string[] = [];
  private rootStates: RootState[] = [];
  /** Roots added by `discoverFor`, kept across reloads. */
  private extraRoots: Root[] = [];
  private enablement: Enablement = everythingEnabled;
  private stateDiagnostics: Diagnostic[] = [];
  /** Project config settings that were not applied (`project-setting-ignored`). */
  private configDiagnostics: Diagnostic[] = [];
  private cacheDiagnostics: Diagnostic[] = [];
  private composedEntries: RegistryEntry[] = [];
  private entriesById = new Map<string, RegistryEntry>();
  /** Paths of files reached a second time (through another root), to their real path. */
  private aliases = new Map<string, string>();
  private composedDiagnostics: Diagnostic[] = [];
  /** What each source outside the file system listed on the last load (SPEC §16). */
  private sourceListings: SkillListing[] = [];
  private memo: ComposeMemo = createComposeMemo();
  private readonly listeners = new Set<RegistryListener>();
  /** Watchers to tell when the set of roots may have changed (reload, discoverFor). */
  private readonly rootWatchers = new Set<() => void>();
  private loaded: Promise<void> | undefined;
  /** When the last reload was asked for (`nowMs()`), for `ReloadOptions.ifOlderThanMs`. */
  private reloadAskedAt = Number.NEGATIVE_INFINITY;
  private cacheLoaded = false;
  private queue: Promise<unknown> = Promise.resolve();
  private counters: RegistryStats = { files: 0, parsed: 0, reused: 0, totalParsed: 0, durationMs: 0 };
  /** False until the first compose: the initial load emits no events. */
  private loadedOnce = false;
  /**
   * Ids re-parsed by the watcher since the last compose, and ids any parse found a new version of (see
   * `CacheParser.takeChanged`): reported as `changed` even when size and mtime are the same.
   */
  private reparsed = new Set<string>();
  /** For the name index: every path the last full walk listed or stat'ed, and what else it depended on. */
  private walked: { paths: Set<string>; inputs: string; since: number } | undefined;

  constructor(options: RegistryOptions) {
    this.options = options;
    this.cwd = options.cwd;
    this.env = options.env ?? process.env;
    const reading = readingFileSystem(options);
    this.fs = reading.fs;
    this.currentConfig = options.config ?? defaultConfig;
    this.currentProjectRoot = options.cwd;
    const named = options.cacheFile === undefined;
    const file =
      options.cacheFile === false
        ? undefined
        : (options.cacheFile ?? metadataCachePath({ cwd: options.cwd, env: this.env, home: options.home }));
    this.cache = new MetadataCache(file, this.fs, named ? options.cwd : undefined);
    this.digests = new FolderDigests(this.cache, this.fs);
    this.parser = new CacheParser(
      this.cache,
      this.fs,
      reading.synchronous ? syncReads(this.fs) : undefined,
      options.headThread ?? {},
    );
  }

  get projectRoot(): string {
    return this.currentProjectRoot;
  }

  get config(): SkillsetConfig {
    return this.currentConfig;
  }

  get configFiles(): readonly string[] {
    return this.readFiles;
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
    const { ifOlderThanMs } = options;
    if (ifOlderThanMs !== undefined && this.loaded && nowMs() - this.reloadAskedAt < ifOlderThanMs) {
      return this.loaded;
    }
    this.reloadAskedAt = nowMs();
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
    // Files parsed since creation count the watcher's parses too, as they happen.
    return { ...this.counters, totalParsed: this.parser.totalParsed };
  }

  private rootsOptions(): RootsOptions {
    const options: RootsOptions = {
      cwd: this.cwd,
      env: this.env,
      config: this.currentConfig.discovery,
      fs: this.fs,
    };
    if (this.options.home !== undefined) options.home = this.options.home;
    return options;
  }

  private location() {
    const { home } = this.options;
    return {
      projectRoot: this.currentProjectRoot,
      cwd: this.cwd,
      env: this.env,
      fs: this.fs,
      ...(home === undefined ? {} : { home }),
    };
  }

  private walk(root: Root, fs: FileSystem = this.fs, listings?: FolderListings): Promise<RootState> {
    return walkRootState(root, this.currentConfig.discovery, fs, this.parser.linkAreas, listings);
  }

  /** Whether this registry keeps a name index: a one-skill command, a cache file, no remote sources. */
  private nameIndexFile(): string | undefined {
    const { oneSkill, sources } = this.options;
    if (oneSkill === undefined || this.cache.file === undefined || (sources ?? []).length > 0)
      return undefined;
    return nameIndexPath(this.cache.file);
  }

  /**
   * The first load of a one-skill command: the configuration, roots and enablement as a full load finds
   * them, the name index's candidates for `oneSkill` instead of the walk, composed as in full. True when
   * every name found one skill; false (nothing kept) for anything else, and the caller loads in full.
   */
  private async nameIndexLoad(started: number): Promise<boolean> {
    const file = this.nameIndexFile();
    const { oneSkill } = this.options;
    const keys: readonly string[] = typeof oneSkill === "string" ? [oneSkill] : (oneSkill ?? []);
    if (
      file === undefined ||
      keys.length === 0 ||
      this.loadedOnce ||
      keys.some((key) => looksLikePath(key) || /^mcp:\/\//.test(key))
    )
      return false;
    const text = await this.readIndex(file);
    if (text === undefined) return false;
    const resolved = await resolveRegistryConfig({ ...this.options, env: this.env, fs: this.fs });
    this.currentConfig = resolved.config;
    this.currentProjectRoot = resolved.projectRoot;
    this.readFiles = resolved.files;
    this.configDiagnostics = resolved.diagnostics;
    const roots = await listRoots(this.rootsOptions());
    this.parser.linkAreas = await linkAreas(
      roots,
      resolved.projectRoot,
      this.fs,
      resolved.config.discovery.followExternalLinks,
    );
    const states = await candidateStates({
      text,
      inputs: walkInputs(roots, resolved.config.discovery, this.parser.linkAreas),
      roots,
      keys,
      fs: this.fs,
    });
    if (states === undefined) return false;
    await this.refreshEnablement();
    this.rootStates = states;
    const files = uniqueFiles(states);
    // The cache file is not read (that is the point); the parses stay in memory, and nothing is saved.
    const reused = await this.parser.parseFiles(files, false);
    await this.compose();
    if (keys.some((key) => this.lookup(key).kind !== "found")) {
      // Back to a registry that never loaded, so the full load starts from nothing this one composed.
      this.cache.records.clear();
      this.cache.folders.clear();
      this.digests = new FolderDigests(this.cache, this.fs);
      this.memo = createComposeMemo();
      this.loadedOnce = false;
      this.reparsed = new Set();
      return false;
    }
    this.count(files.length, reused, started, { fromNameIndex: true });
    return true;
  }

  /** The name index's text, or `undefined` when there is none. */
  private async readIndex(file: string): Promise<string | undefined> {
    try {
      return this.fs.readTextSync ? this.fs.readTextSync(file) : await this.fs.readText(file);
    } catch {
      return undefined;
    }
  }

  private async fullLoad(force: boolean): Promise<void> {
    const started = nowMs();
    if (!force && (await this.nameIndexLoad(started))) return;
    this.parser.parsed = 0;
    const {
      config,
      projectRoot,
      files: configFiles,
      diagnostics: configDiagnostics,
    } = await resolveRegistryConfig({
      ...this.options,
      env: this.env,
      fs: this.fs,
    });
    this.currentConfig = config;
    this.currentProjectRoot = projectRoot;
    this.readFiles = configFiles;
    this.configDiagnostics = configDiagnostics;
    // The cache file is read while the roots are walked: one is mostly parsing, the other mostly waiting.
    let cacheLoading: Promise<void> = Promise.resolve();
    if (force) {
      // Every file is parsed again below and records of files gone are pruned; the records are kept until
      // replaced, so a new version of a file is told from the same one (a `changed` event).
      this.cacheDiagnostics = [];
      this.cacheLoaded = true;
    } else if (!this.cacheLoaded) {
      this.cacheLoaded = true;
      cacheLoading = this.cache.load().then((found) => {
        this.cacheDiagnostics = found;
      });
    }
    // A warm walk `stat`s the folders whose listing the cache kept (see `folder-listings.ts`), so it waits
    // for the cache. A forced load lists every folder; so does a cold one (no records: the stats that keep
    // listings would only slow it down), and the next load keeps them.
    let listings: FolderListings | undefined;
    const walking = Promise.all([listRoots(this.rootsOptions()), cacheLoading]).then(async ([listed]) => {
      if (!force && this.cache.records.size > 0) listings = this.cache.folderListings();
      const known = new Set(listed.map((root) => root.path));
      const roots = [...listed, ...this.extraRoots.filter((root) => !known.has(root.path))];
      this.parser.linkAreas = await linkAreas(
        roots,
        projectRoot,
        this.fs,
        config.discovery.followExternalLinks,
      );
      const indexed = this.nameIndexFile() !== undefined;
      const paths = new Set<string>();
      const fs = indexed ? recordingFileSystem(this.fs, paths) : this.fs;
      this.walked = indexed
        ? { paths, inputs: walkInputs(roots, config.discovery, this.parser.linkAreas), since: Date.now() }
        : undefined;
      return Promise.all(roots.map((root) => this.walk(root, fs, listings)));
    });
    const listing = this.listSources();
    const [states] = await Promise.all([walking, this.refreshEnablement(), cacheLoading]);
    this.sourceListings = await listing;
    // Folders compared before (kept in the cache) are checked against their stamps again: a copy edited
    // since is no longer a copy.
    await this.digests.refresh();
    if (listings !== undefined) this.cache.pruneListings();
    this.rootStates = orderRootStates(states, config.discovery.scopeOrder);
    const files = uniqueFiles(this.rootStates);
    const reused = await this.parser.parseFiles(files, force);
    // Every file (one per real path) has a record now: with as many records as files, none is left over.
    if (this.cache.records.size !== files.length)
      this.cache.prune(new Set(files.map((file) => file.realPath)));
    await this.compose();
    this.digests.prune();
    for (const replan of this.rootWatchers) replan();
    this.count(files.length, reused, started);
    this.saveAfterwards();
  }

  /**
   * Queues the metadata cache write behind the current task, so a load resolves as soon as its entries
   * are usable: encoding thousands of records costs about a third of a cold load, and the caller has no
   * use for it. `settled()` waits for the write; the write itself is atomic (temp file, then rename).
   */
  /** The stats of the load that just ended, as `stats()` gives them. */
  private count(files: number, reused: number, started: number, how: { fromNameIndex?: true } = {}): void {
    this.counters = {
      files,
      parsed: this.parser.parsed,
      reused,
      totalParsed: this.parser.totalParsed,
      durationMs: nowMs() - started,
      ...how,
    };
  }

  private saveAfterwards(): void {
    if (this.options.deferCacheWrite) this.savePending = true;
    else this.queueSave();
  }

  /** The write a deferred load left for `settled()` or `watch()` (see `RegistryOptions.deferCacheWrite`). */
  private savePending = false;

  private queueSave(): void {
    this.savePending = false;
    void this.exclusive(async () => {
      // The caller of `load()` resumes in a microtask; let it run before the encoding takes the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const saved = await this.cache.save();
      if (saved.length > 0) {
        this.cacheDiagnostics = mergeDiagnostics(this.cacheDiagnostics, saved);
        await this.compose();
      }
      await this.saveNameIndex();
    });
  }

  /** Writes the name index of the last full load, or removes a stale one when no proof can be written. */
  private async saveNameIndex(): Promise<void> {
    const file = this.nameIndexFile();
    const walked = this.walked;
    this.walked = undefined;
    if (file === undefined || walked === undefined) return;
    const text = await buildNameIndex({
      inputs: walked.inputs,
      states: this.rootStates,
      entries: this.composedEntries,
      paths: walked.paths,
      walkedSince: walked.since,
      fs: this.fs,
    });
    try {
      if (text === undefined) await this.fs.rm(file);
      else {
        const temp = `${file}.tmp-${process.pid}`;
        await this.fs.writeFile(temp, text);
        await this.fs.rename(temp, file);
      }
    } catch {
      // Only a speed-up: without it the next one-skill command loads in full.
    }
  }

  /** Lists every external source; one that fails is a diagnostic, never a failed load. */
  private listSources(): Promise<SkillListing[]> {
    const sources = this.options.sources ?? [];
    if (sources.length === 0) return Promise.resolve([]);
    return Promise.all(
      sources.map((source) =>
        source.list().catch(
          (error: unknown): SkillListing => ({
            skills: [],
            diagnostics: [
              diagnostic(
                "error",
                "remote-unavailable",
                `Remote skills from '${source.label}' could not be listed: ${error instanceof Error ? error.message : String(error)}. Check the server's entry in your config (remotes) and run \`skillset remote check\`.`,
                `remote:${source.label}`,
              ),
            ],
          }),
        ),
      ),
    );
  }

  async settled(): Promise<void> {
    if (this.savePending) this.queueSave();
    // Tasks may queue more tasks (a load queues its cache write): wait until the queue stops growing.
    let queue: Promise<unknown>;
    do {
      queue = this.queue;
      await queue;
    } while (queue !== this.queue);
  }

  private async refreshEnablement(): Promise<SkillsetState[]> {
    const { enablement, diagnostics, layers } = await loadEnablement(this.location());
    this.enablement = enablement;
    this.stateDiagnostics = diagnostics;
    return layers;
  }

  /**
   * Composes entries from the current state and tells listeners what changed. When skills tie and their
   * folders' digests are not known yet, they are computed and the entries composed again, before anyone
   * sees the first answer.
   */
  private async compose(): Promise<void> {
    const input = () => ({
      roots: this.rootStates,
      records: this.cache.records,
      discovery: this.currentConfig.discovery,
      enablement: this.enablement,
      diagnostics: [...this.configDiagnostics, ...this.stateDiagnostics, ...this.cacheDiagnostics],
      copies: this.digests,
    });
    let composed = composeEntries(input(), this.memo);
    const wanted = this.digests.takeWanted();
    if (wanted.length > 0) {
      await this.digests.ensure(wanted);
      composed = composeEntries(input(), this.memo);
    }
    for (const id of this.parser.takeChanged()) this.reparsed.add(id);
    const previous = this.entriesById;
    const withSources = addSourceEntries(
      composed,
      this.sourceListings,
      this.enablement,
      this.currentConfig.discovery.scopeOrder,
    );
    if (withSources !== composed) {
      for (const entry of withSources.entries) composed.byId.set(entry.skill.id, entry);
    }
    this.composedEntries = withSources.entries;
    this.entriesById = composed.byId;
    this.aliases = composed.aliases;
    this.composedDiagnostics = withSources.diagnostics;
    if (this.listeners.size > 0 && this.loadedOnce) {
      for (const event of entryEvents(previous, withSources.entries, composed.byId, this.reparsed)) {
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch {
            // A listener's failure must not break the registry or the other listeners.
          }
        }
      }
    }
    this.reparsed = new Set();
    this.loadedOnce = true;
  }

  async discoverFor(path: string): Promise<RegistryEntry[]> {
    await this.load();
    return this.exclusive(async () => {
      const known = new Set(this.rootStates.map((state) => state.root.path));
      const added = (await listRootsFor(path, this.rootsOptions())).filter((root) => !known.has(root.path));
      if (added.length === 0) return [];
      this.extraRoots.push(...added);
      const states = await Promise.all(added.map((root) => this.walk(root)));
      this.rootStates = orderRootStates(
        [...this.rootStates, ...states],
        this.currentConfig.discovery.scopeOrder,
      );
      const fresh = uniqueFiles(this.rootStates).filter((file) => added.includes(file.root));
      await this.parser.parseFiles(fresh, false);
      await this.compose();
      for (const replan of this.rootWatchers) replan();
      const paths = new Set(added.map((root) => root.path));
      return this.composedEntries.filter((entry) => paths.has(entry.skill.source.root));
    });
  }

  async setEnabled(
    key: string,
    enabled: boolean,
    layer: "user" | "project" = "user",
  ): Promise<EnabledChange> {
    await this.load();
    return this.exclusive(async () => {
      // The skills the stored key names, as the state layers match them: a path of one, or a qualified name.
      const pathKeysFor = (stored: string) =>
        this.composedEntries.flatMap(({ skill }) => {
          const paths = pathKeysOf(skill);
          const named = isPathKey(stored) ? paths.includes(stored) : skill.qualifiedName === stored;
          return named ? paths : [];
        });
      const change = await setSkillEnabled({ key, enabled, layer, pathKeysFor, ...this.location() });
      const layers = await this.refreshEnablement();
      await this.compose();
      // What this call changed, not what other processes wrote since this registry loaded: both views
      // take the other layers as just read and differ only in this layer, as read under the lock and
      // as written.
      const withLayer = (state: SkillsetState) =>
        createEnablement(layers.map((each, index) => (index === enablementLayer[layer] ? state : each)));
      const before = withLayer(change.previous);
      const after = withLayer(change.state);
      const changed = this.composedEntries.filter(
        (entry) => before.isEnabled(entry.skill) !== after.isEnabled(entry.skill),
      );
      return { changed, diagnostics: change.diagnostics };
    });
  }

  async watch(listener?: RegistryListener): Promise<RegistryWatcher> {
    await this.load();
    if (this.savePending) this.queueSave();
    return watchRegistry({
      plan: () =>
        this.exclusive(() =>
          planWatch(this.rootStates, {
            projectRoot: this.currentProjectRoot,
            home: this.options.home ?? this.env.HOME,
            discovery: this.currentConfig.discovery,
            fs: this.fs,
          }),
        ),
      apply: (changes) =>
        this.exclusive(async () => {
          const reparsed = await applyFileChanges(changes, {
            states: this.rootStates,
            discovery: this.currentConfig.discovery,
            fs: this.fs,
            parser: this.parser,
            cache: this.cache,
            ...(this.parser.linkAreas === undefined ? {} : { linkAreas: this.parser.linkAreas }),
          });
          for (const realPath of reparsed) {
            this.reparsed.add(realPath);
            this.digests.forget(dirname(realPath));
          }
          await this.compose();
        }),
      flush: () => this.exclusive(() => this.cache.save()),
      // Enable/disable, the config and the person's trust decide what is listed as much as the skill
      // files do: a change to one loads the registry again (a running MCP server, `skillset watch`).
      settingsFiles: async () => {
        const { trustedProjectsFile } = await import("../config/project-trust.js");
        const paths = configPaths(this.location());
        const files = [...this.readFiles, paths.userConfig, paths.projectConfig, paths.userState];
        files.push(paths.projectState, trustedProjectsFile(this.location()));
        return [...new Set(files)];
      },
      settingsChanged: () => this.reload(),
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
