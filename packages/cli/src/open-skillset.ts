/**
 * @module Opening the registry for a command: the registry finds the project root and loads the
 * configuration (with the command's flags as the top layer) itself. HOME comes from `context.env`.
 */
import type { ConfigLayer, SkillsetConfig } from "@skillset/core/config";
import { createRegistry, type SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { configFlags } from "./config-flags.js";

/** Options of `openRegistry`. */
export interface OpenRegistryOptions {
  /** Configuration from the command's own flags (the global ones are added): the highest layer, checked like a file. */
  flags?: ConfigLayer;
  /** The persistent metadata cache file; `false` keeps it in memory. Default: under `$XDG_CACHE_HOME`. */
  cacheFile?: string | false;
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
  const registry = createRegistry({
    cwd,
    env,
    ...(home === undefined ? {} : { home }),
    ...(flags === undefined ? {} : { flags }),
    ...(options.cacheFile === undefined ? {} : { cacheFile: options.cacheFile }),
  });
  // The dispatcher waits for the metadata cache write after the command printed (a load resolves before it).
  context.afterwards.push(() => registry.settled());
  await registry.load();
  return { registry, config: registry.config, configFiles: [...registry.configFiles] };
}
