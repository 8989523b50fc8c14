/**
 * @module The shapes the roots stage hands to the walker and the registry: one `Root` per folder to walk.
 */
import type { DiscoveryConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Scope } from "../model/skill.js";

/** One folder to walk for skills. */
export interface Root {
  /** Absolute path (may not exist: a root that appears later is picked up by the watcher). */
  path: string;
  scope: Scope;
  /** Provider id: agents, claude, codex, opencode, cursor, github, gemini, windsurf, admin, system, plugin, config. */
  provider: string;
  /** Repo scope: number of folders between this root's owner directory and cwd (0 = cwd). */
  distance?: number;
  /** Plugin scope: the plugin's name, used as namespace. */
  namespace?: string;
  /** False for the system scope (follows no links) and when `discovery.followSymlinks` is off. */
  followLinks: boolean;
  /**
   * Whether a link here may lead outside every root and the project. True in the user and admin scopes
   * (links the person or the administrator made, e.g. `~/.claude/skills/x -> ~/dev/x`), and everywhere when
   * `discovery.followExternalLinks` is on; never in a scope whose files arrive with a clone, a plugin or a
   * config file (repo, plugin, custom). Undefined means false.
   */
  externalLinks?: boolean;
}

/** What `listRoots` and `listRootsFor` need to know about the machine and the configuration. */
export interface RootsOptions {
  cwd: string;
  /** Read for HOME, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR, CODEX_HOME and SKILLSET_ADMIN_DIR. */
  env: Record<string, string | undefined>;
  config: DiscoveryConfig;
  fs?: FileSystem;
  /** Defaults to env.HOME, then os.homedir(). */
  home?: string;
  /** Prefix of the admin roots; defaults to env.SKILLSET_ADMIN_DIR, then `/etc`. */
  adminDir?: string;
}
