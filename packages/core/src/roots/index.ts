/**
 * CONTRACT STUB (to be replaced by the roots implementation; keep these names and shapes).
 * @module roots — where skills live: providers, project root, and the list of roots to walk (SPEC §5).
 */
import type { DiscoveryConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Scope } from "../model/skill.js";

/** One folder to walk for skills. */
export interface Root {
  /** Absolute path (may not exist). */
  path: string;
  scope: Scope;
  /** Provider id: agents, claude, codex, opencode, cursor, github, gemini, windsurf, admin, system, plugin, config. */
  provider: string;
  /** Repo scope: number of folders between this root's owner directory and cwd (0 = cwd). */
  distance?: number;
  /** Plugin scope: the plugin's name, used as namespace. */
  namespace?: string;
  /** False for the system scope (follows no links). */
  followLinks: boolean;
}

export interface RootsOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  config: DiscoveryConfig;
  fs?: FileSystem;
  /** Defaults to env.HOME / os.homedir(). */
  home?: string;
}

/** Walks up from cwd to the first folder holding a marker; without one, cwd itself. */
export declare function findProjectRoot(
  cwd: string,
  markers: readonly string[],
  fs?: FileSystem,
): Promise<string>;

/** Every root to walk for `cwd`, in precedence order, with switched-off providers and sources removed. */
export declare function listRoots(options: RootsOptions): Promise<Root[]>;

/** Roots between the project root and `path` that `listRoots` (which follows only root→cwd) does not cover. */
export declare function listRootsFor(path: string, options: RootsOptions): Promise<Root[]>;

/** Absolute path of the bundled system skills folder inside the package. */
export declare function systemSkillsDir(): string;
