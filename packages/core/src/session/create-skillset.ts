/**
 * @module The one object a host holds (SPEC §12): the registry, the configuration and the policy, loaded
 * once; `session()` starts a conversation on them.
 */
import { resolveHome } from "../config/config-paths.js";
import type { ConfigLayer, SkillsetConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { ExternalSkillSource } from "../model/remote-origin.js";
import type { Skill } from "../model/skill.js";
import { loadPolicy, type Policy } from "../policy/policy.js";
import { missingDependencies, type SkillDependency } from "../policy/skill-dependencies.js";
import { createRegistry } from "../registry/create-registry.js";
import { isOutranked } from "../registry/outranked.js";
import type { RegistryWatcher, SkillRegistry } from "../registry/registry-types.js";
import { createSession } from "./create-session.js";
import type { SessionOptions, SkillSession } from "./session-types.js";

/** Options of `createSkillset`. */
export interface CreateSkillsetOptions {
  /** Absolute working directory: decides the project, its skills and its settings. */
  cwd: string;
  /** The highest configuration layer, over the user and project files (checked like a file). */
  config?: ConfigLayer;
  /** Permission rules given in code, `{ action, tool?, skill }` (checked; a bad one throws naming it). */
  permissions?: unknown;
  /** Default `process.env`. */
  env?: Record<string, string | undefined>;
  home?: string;
  fs?: FileSystem;
  /** The metadata cache file, or `false` (see `RegistryOptions.cacheFile`). */
  cacheFile?: string | false;
  /** Keep the registry current with a file watcher until `close()` (default false). */
  watch?: boolean;
  /**
   * Sources of skills from outside the file system, e.g. the person's MCP servers from
   * `openRemotes()` of `@skillset/remote` (SPEC §16); ignored with `registry` (give them to it instead).
   */
  sources?: readonly ExternalSkillSource[];
  /** A registry the host already has (loaded here if it is not yet); `config`, `fs` and `cacheFile` are then its own. */
  registry?: SkillRegistry;
}

/** A skill with dependencies that are not met in this environment (for `skillset doctor`). */
export interface UnmetDependencies {
  skill: Skill;
  missing: SkillDependency[];
}

/** The registry, configuration and policy of one project. */
export interface Skillset {
  readonly registry: SkillRegistry;
  readonly config: SkillsetConfig;
  readonly policy: Policy;
  readonly projectRoot: string;
  /** Starts a conversation. Sessions are independent; they share the registry and the policy. */
  session(options?: SessionOptions): SkillSession;
  /**
   * The policy's findings: agents' settings files that could not be used, damaged state files, and
   * permission rules whose glob names no skill (`permission-rule-unmatched`).
   */
  diagnostics(): Diagnostic[];
  /** Enabled skills whose environment variables (or, given `mcpServers`, MCP servers) are missing. */
  unmetDependencies(options?: { mcpServers?: readonly string[] }): UnmetDependencies[];
  /** Closes the watcher (when `watch`) and every session; waits for the metadata cache to be written. */
  close(): Promise<void>;
}

/**
 * Loads the registry and the policy for `cwd`.
 * @example
 * const skills = await createSkillset({ cwd: process.cwd() });
 * const session = skills.session({ contextWindow: 200_000, host: { confirm: async () => true } });
 * const system = session.systemPrompt();
 * const turn = await session.prepareTurn("$pdf fill in the form", { source: "user" });
 */
export async function createSkillset(options: CreateSkillsetOptions): Promise<Skillset> {
  const env = options.env ?? process.env;
  const home = resolveHome({ env, ...(options.home === undefined ? {} : { home: options.home }) });
  const registry =
    options.registry ??
    createRegistry({
      cwd: options.cwd,
      env,
      home,
      ...(options.config === undefined ? {} : { flags: options.config }),
      ...(options.fs === undefined ? {} : { fs: options.fs }),
      ...(options.cacheFile === undefined ? {} : { cacheFile: options.cacheFile }),
      ...(options.sources === undefined ? {} : { sources: options.sources }),
    });
  await registry.load();
  const config = registry.config;
  const policy = await loadPolicy({
    config: config.policy,
    projectRoot: registry.projectRoot,
    cwd: registry.cwd,
    home,
    env,
    ...(options.permissions === undefined ? {} : { rules: options.permissions }),
    ...(options.fs === undefined ? {} : { fs: options.fs }),
  });
  const watcher: RegistryWatcher | undefined = options.watch ? await registry.watch() : undefined;
  const sessions = new Set<SkillSession>();
  return {
    registry,
    config,
    policy,
    projectRoot: registry.projectRoot,
    session(sessionOptions) {
      const session = createSession({ registry, policy, config, env }, sessionOptions);
      sessions.add(session);
      return session;
    },
    diagnostics: () => policy.check(registry.entries().map((entry) => entry.skill)),
    unmetDependencies(check = {}) {
      return registry
        .entries()
        .filter((entry) => entry.enabled && !isOutranked(entry))
        .map((entry) => ({
          skill: entry.skill,
          missing: missingDependencies(entry.skill, {
            env,
            ...(check.mcpServers ? { mcpServers: check.mcpServers } : {}),
          }),
        }))
        .filter((unmet) => unmet.missing.length > 0);
    },
    async close() {
      await Promise.all([...sessions].map((session) => session.close()));
      sessions.clear();
      await watcher?.close();
      await registry.settled();
    },
  };
}
