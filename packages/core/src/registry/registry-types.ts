/**
 * CONTRACT (shared by registry, catalog and mentions; the registry implementation may extend it).
 * @module The registry's view of skills: every skill kept, each effective, shadowed or ambiguous (SPEC §5).
 */
import type { ConfigLayer, SkillsetConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { ExternalSkillSource } from "../model/remote-origin.js";
import type { Skill } from "../model/skill.js";
import type { HeadThreadOptions } from "../parser/index.js";
import type { Root } from "../roots/index.js";

/**
 * - `effective`: the one skill a bare name means.
 * - `shadowed`: another skill with the same name wins by precedence.
 * - `ambiguous`: same name, same scope, same distance as another that differs: a bare name resolves to neither.
 * - `duplicate`: a copy of another skill of the same name, scope and distance (its folder holds the same
 *   bytes, SPEC §5 "Copies are one skill"): that skill stands for both, this one is listed under it.
 */
export type SkillStatus = "effective" | "shadowed" | "ambiguous" | "duplicate";

/** What `SkillRegistry.setEnabled` did. */
export interface EnabledChange {
  /**
   * The entries whose enabled state this call changed, judged against the state file as read under its
   * lock: a setting another process wrote meanwhile is not listed (the entries show it all the same).
   */
  changed: RegistryEntry[];
  /**
   * Problems met with the state file while changing it, e.g. `state-corrupt`: a damaged file was moved
   * aside and rewritten with the settings still legible in it. The change was made; a person should look.
   */
  diagnostics: Diagnostic[];
}

/** One skill as the registry holds it: the skill, its precedence status and whether it is enabled. */
export interface RegistryEntry {
  skill: Skill;
  status: SkillStatus;
  /** False when switched off by state (SPEC §6). A disabled skill is listed but never activated. */
  enabled: boolean;
  /** For `shadowed`: the id of the winning skill (the first candidate by path when the winners are ambiguous). */
  shadowedBy?: string;
  /** For `ambiguous`: ids of the other candidates. */
  ambiguousWith?: string[];
  /**
   * For `ambiguous` skills in several agents' folders whose folders were compared: the files in which they
   * differ (relative paths; a file missing from one differs). Empty when they could not be compared.
   */
  differsIn?: string[];
  /** For `duplicate`: the id of the copy that stands for it (effective or ambiguous). */
  duplicateOf?: string;
  /** For the copy that stands for its duplicates: their SKILL.md paths ("also in …"), in provider order. */
  alsoIn?: string[];
}

/** The result of looking up a name, a qualified name (`ns:name`) or a path. */
export type Lookup =
  | { kind: "found"; entry: RegistryEntry }
  | { kind: "ambiguous"; entries: RegistryEntry[] }
  | { kind: "not-found" };

/** Options of `createRegistry`, validated and merged with defaults once, when the registry is created. */
export interface RegistryOptions {
  /** Absolute working directory; decides the project root and the repo-scope chain. */
  cwd: string;
  /** Environment used for roots and config (HOME, XDG_*, CLAUDE_CONFIG_DIR…). Default: `process.env`. */
  env?: Record<string, string | undefined>;
  /** Home directory. Default: `env.HOME`, else the OS home. */
  home?: string;
  /** Configuration to use as is. Default: `loadConfig` (user and project files, environment, `flags`). */
  config?: SkillsetConfig;
  /** The highest configuration layer (e.g. command-line flags), checked like a file; ignored with `config`. */
  flags?: ConfigLayer;
  /** All disk access goes through it. Default: the Node file system. */
  fs?: FileSystem;
  /**
   * Read with `fs`'s synchronous methods (`SyncFileReads`): a start-up reads thousands of small files, and
   * plain synchronous reads skip the thread-pool round trips (see the `registry` bench). Default: `true`
   * for the Node file system, `false` for any other `fs`. `true` needs every synchronous read on `fs`
   * (else `SkillsetError` `options-invalid`); with `false` nothing below the registry reads synchronously.
   */
  synchronousReads?: boolean;
  /**
   * The persistent metadata cache. Default: `$XDG_CACHE_HOME/skillset/metadata-<hash of cwd>.json`
   * (`<home>/.cache/…` without XDG_CACHE_HOME). `false` keeps the cache in memory only.
   */
  cacheFile?: string | false;
  /**
   * The name a command about one skill asks for (`skillset load`, `read`), or the names a command about a
   * few asks for (`skillset resolve` with explicit mentions). When the name index beside the cache file
   * (`name-index.ts`) proves the walk unchanged and every name finds one skill, `load()` parses and
   * composes only the skills those names could mean: `entries()` then holds just those, and
   * `stats().fromNameIndex` is true. Anything else is a full load, which writes the index for next time.
   */
  oneSkill?: string | readonly string[];
  /**
   * Write the metadata cache (and the name index) when `settled()` or `watch()` is called, not as soon as
   * a load resolves: a command prints first and writes after (the CLI does). Default false: a host that
   * never calls `settled()` still gets its cache written.
   */
  deferCacheWrite?: boolean;
  /**
   * When a second thread reads the heads of the files a load parses (many files from the real disk; see
   * `mapWithHeadsSync`). The results are the same either way.
   */
  headThread?: HeadThreadOptions;
  /**
   * Sources of skills from outside the file system (remote skills, SPEC §16), listed on every load and
   * added in their own namespace (`label:name`); they never shadow or are shadowed by skills on disk.
   */
  sources?: readonly ExternalSkillSource[];
}

/** Options of `reload`. */
export interface ReloadOptions {
  /** Ignore every cache (in memory and on disk): re-read the config and parse every file again. */
  force?: boolean;
  /**
   * Scan only when the last reload was asked for at least this many milliseconds ago (the first reload
   * always scans); otherwise wait for that one and return. Bounds rescans that callers trigger on a miss
   * (an unknown name asked in a loop).
   */
  ifOlderThanMs?: number;
}

/** One searched root and what it held, for `skillset doctor`. */
export interface RootInfo {
  root: Root;
  /** Whether the root folder exists. */
  exists: boolean;
  /** Skills found under it (before duplicates, filters and precedence). */
  skills: number;
  /** Folders the walker visited. */
  directories: number;
}

/** What the last `load`/`reload` did; for tests, benchmarks and doctor. */
export interface RegistryStats {
  /** SKILL.md files found by the walker (after removing files reached twice). */
  files: number;
  /** Files parsed during the last load. */
  parsed: number;
  /** Files taken from the metadata cache (same mtime and size) during the last load. */
  reused: number;
  /** Files parsed since the registry was created, including by the watcher. */
  totalParsed: number;
  /** Wall time of the last load, in milliseconds. */
  durationMs: number;
  /** True when the last load answered `oneSkill` from the name index (see `RegistryOptions.oneSkill`). */
  fromNameIndex?: true;
}

/** A change seen by the watcher (or by `reload`), emitted after the registry has been updated. */
export interface RegistryEvent {
  type: "added" | "changed" | "removed";
  /** The entry after the change (for `removed`, the entry as it was). */
  entry: RegistryEntry;
}

/** Receives registry events. */
export type RegistryListener = (event: RegistryEvent) => void;

/** A running watcher: keeps the registry current until `close()`. */
export interface RegistryWatcher {
  /** Adds a listener; returns a function that removes it. */
  on(listener: RegistryListener): () => void;
  /** Stops watching and writes the metadata cache. */
  close(): Promise<void>;
}

/** The stateful skill registry (SPEC §5): every skill found, ranked by precedence, with enablement. */
export interface SkillRegistry {
  /** Working directory the registry was created for. */
  readonly cwd: string;
  /** Project root found from `cwd` (valid after `load`; `cwd` before). */
  readonly projectRoot: string;
  /** The configuration in use (valid after `load`). */
  readonly config: SkillsetConfig;
  /** Configuration files read by the last load, lowest layer first (none when `config` was given). */
  readonly configFiles: readonly string[];
  /**
   * Scans the roots and parses the skills; a second call reuses the first load. Resolves as soon as the
   * skills are usable; the metadata cache is written afterwards (see `settled`).
   */
  load(): Promise<void>;
  /** Scans again; unchanged files come from the metadata cache unless `force`. */
  reload(options?: ReloadOptions): Promise<void>;
  /**
   * Resolves when the work started so far has finished: loads, watcher batches, and the metadata cache
   * write that follows each load (`load` resolves before it, as soon as the skills are usable). Await it
   * before the process exits so the cache is on disk for the next start. Never rejects.
   * @example await registry.load(); print(registry.entries()); await registry.settled();
   */
  settled(): Promise<void>;
  /** Every skill, including shadowed, ambiguous and disabled ones; ordered by scope rank, name, path. */
  entries(): readonly RegistryEntry[];
  /** Finds a skill by qualified name (`ns:name` or a bare name) or by path (SKILL.md, its real path or dir). */
  lookup(nameOrPath: string): Lookup;
  /** Everything skipped, failed, filtered, shadowed or ambiguous, plus walker, state and cache findings. */
  diagnostics(): readonly Diagnostic[];
  /** Every root searched, in precedence order. */
  roots(): readonly RootInfo[];
  /** Counters of the last load. */
  stats(): RegistryStats;
  /** Adds the roots between the project root and `path` (monorepos); returns the entries newly found. */
  discoverFor(path: string): Promise<RegistryEntry[]>;
  /**
   * Enables or disables a skill through state (user layer unless `project`): the entries whose state
   * changed, and problems met with the state file (see `EnabledChange`).
   */
  setEnabled(key: string, enabled: boolean, layer?: "user" | "project"): Promise<EnabledChange>;
  /** Starts a file watcher that keeps the registry current (SPEC §5 Caching and reload). */
  watch(listener?: RegistryListener): Promise<RegistryWatcher>;
}
