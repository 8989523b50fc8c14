/**
 * @module Opening the registry for a command: the registry finds the project root and loads the
 * configuration (with the command's flags as the top layer) itself. HOME comes from `context.env`.
 */
import { readFile } from "node:fs/promises";
import type { ConfigLayer, SkillsetConfig } from "@skillset/core/config";
import type { ExternalSkillSource } from "@skillset/core/model";
import { configPaths, createRegistry, type SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { configFlags } from "./config-flags.js";
import { importRemote } from "./import-remote.js";

/** Options of `openRegistry`. */
export interface OpenRegistryOptions {
  /** Configuration from the command's own flags (the global ones are added): the highest layer, checked like a file. */
  flags?: ConfigLayer;
  /** The persistent metadata cache file; `false` keeps it in memory. Default: under `$XDG_CACHE_HOME`. */
  cacheFile?: string | false;
  /** The one skill a command is about: the registry may load just what that name could mean (`RegistryOptions.oneSkill`). */
  oneSkill?: string | readonly string[];
}

/** A loaded registry and the configuration it uses. */
export interface OpenedRegistry {
  registry: SkillRegistry;
  config: SkillsetConfig;
  /** Configuration files that were read, lowest layer first (for `skillset doctor`). */
  configFiles: string[];
}

/**
 * Opens and loads the registry for `context.cwd`. Throws `SkillsetError` (`config-invalid`,
 * `config-unreadable`) for bad configuration, which the dispatcher prints with exit code 1.
 * @example const { registry } = await openRegistry(context); registry.lookup("pdf");
 */
export async function openRegistry(
  context: CommandContext,
  options: OpenRegistryOptions = {},
): Promise<OpenedRegistry> {
  const { cwd, env } = context;
  const home = env.HOME === undefined || env.HOME === "" ? undefined : env.HOME;
  const flags = configFlags(context, options.flags);
  const sources = await openRemoteSources(context, home);
  const registry = createRegistry({
    cwd,
    env,
    ...(home === undefined ? {} : { home }),
    ...(flags === undefined ? {} : { flags }),
    ...(options.cacheFile === undefined ? {} : { cacheFile: options.cacheFile }),
    ...(sources.length === 0 ? {} : { sources }),
    ...(options.oneSkill === undefined ? {} : { oneSkill: options.oneSkill }),
    deferCacheWrite: true,
  });
  // The metadata cache is written when the dispatcher settles the registry, after the command printed.
  context.afterwards.push(() => registry.settled());
  await registry.load();
  return { registry, config: registry.config, configFiles: [...registry.configFiles] };
}

/**
 * The person's MCP servers as sources of remote skills (SPEC §16). Only their own config file names them
 * (never a project's). Without `remotes` in it, the MCP client is never imported and nothing starts, so a
 * start-up costs one read of a file that is usually absent.
 */
async function openRemoteSources(
  context: CommandContext,
  home: string | undefined,
): Promise<ExternalSkillSource[]> {
  const file = configPaths({
    projectRoot: context.cwd,
    env: context.env,
    ...(home === undefined ? {} : { home }),
  }).userConfig;
  const text = await readFile(file, "utf8").catch(() => "");
  if (!text.includes('"remotes"')) return [];
  let remote: typeof import("@skillset/remote");
  try {
    remote = await importRemote();
  } catch (error) {
    // Local skills still work: say why the remote ones are missing, and go on.
    context.stderr.write(`skillset: ${(error as Error).message}\n`);
    return [];
  }
  const { openRemotes } = remote;
  const opened = await openRemotes({ env: context.env, ...(home === undefined ? {} : { home }) });
  context.afterwards.push(() => opened.close());
  if (opened.diagnostics.length > 0) {
    const { inertForTerminal } = await import("@skillset/core/model");
    for (const found of opened.diagnostics) context.stderr.write(`${inertForTerminal(found.message)}\n`);
  }
  return opened.sources;
}
