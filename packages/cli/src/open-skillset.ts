/**
 * @module Opening the registry for a command: finds the project root, loads the configuration (with the
 * command's flags as the top layer), then creates and loads the registry. HOME comes from `context.env`.
 */
import { type ConfigLayer, defaultConfig, loadConfig, type SkillsetConfig } from "@skillset/core/config";
import { createRegistry, type SkillRegistry } from "@skillset/core/registry";
import { findProjectRoot } from "@skillset/core/roots";
import type { CommandContext } from "./command.js";

/** Options of `openRegistry`. */
export interface OpenRegistryOptions {
  /** Configuration from command-line flags: the highest layer, checked like a file. */
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
  const location = (projectRoot: string) => ({
    projectRoot,
    env,
    cwd,
    ...(home === undefined ? {} : { home }),
    ...(options.flags === undefined ? {} : { flags: options.flags }),
  });
  const markers = defaultConfig.discovery.projectMarkers;
  let loaded = await loadConfig(location(await findProjectRoot(cwd, markers)));
  const configured = loaded.config.discovery.projectMarkers;
  if (configured.join("\n") !== markers.join("\n")) {
    // The configuration moved the project root: read the configuration of the project it names.
    loaded = await loadConfig(location(await findProjectRoot(cwd, configured)));
  }
  const registry = createRegistry({
    cwd,
    env,
    config: loaded.config,
    ...(home === undefined ? {} : { home }),
    ...(options.cacheFile === undefined ? {} : { cacheFile: options.cacheFile }),
  });
  // The dispatcher waits for the metadata cache write after the command printed (a load resolves before it).
  context.afterwards.push(() => registry.settled());
  await registry.load();
  return { registry, config: loaded.config, configFiles: loaded.files };
}
