/**
 * @module Loads the layered configuration (SPEC §6):
 * defaults ← user `config.json` ← project `config.json` ← `SKILLSET_CONFIG` file ← `SKILLSET_*` variables
 * ← flags. Every layer is checked; a bad layer is an error naming the file (or variable) and the key.
 */
import { resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { setsConfigVariables } from "./config-environment-variables.js";
import { type ConfigLocation, configPaths, resolveHome } from "./config-paths.js";
import type { ConfigLayer, SkillsetConfig } from "./config-schema.js";
import { defaultConfig } from "./default-config.js";
import type { EnvironmentConfig } from "./environment-config-layers.js";
import { mergeConfig } from "./merge-config.js";
import { readConfigFile } from "./read-config-file.js";
import { resolveConfigPaths } from "./resolve-config-paths.js";

/** Options for `loadConfig`. */
export interface LoadConfigOptions extends ConfigLocation {
  /** The highest layer, e.g. from command-line flags. Checked like a file. */
  flags?: ConfigLayer;
  /** Base for relative paths in `SKILLSET_CONFIG`, `SKILLSET_CUSTOM_DIRS` and flags. Default: `projectRoot`. */
  cwd?: string;
  fs?: FileSystem;
}

/** The merged configuration and the files it was read from. */
export interface LoadedConfig {
  config: SkillsetConfig;
  /** Config files that were read, lowest layer first. */
  files: string[];
}

/**
 * Loads and merges every configuration layer. Missing user/project files are skipped; everything else that
 * is wrong throws `SkillsetError`: `config-unreadable` (unreadable file, bad JSON with line and column, a
 * `SKILLSET_CONFIG` that does not exist) or `config-invalid` (naming the file or variable, the key path and
 * what is expected). Folder paths in the result are absolute. Arrays replace; objects merge (see `mergeConfig`).
 * @example const { config } = await loadConfig({ projectRoot, env: process.env });
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const fs = options.fs ?? nodeFileSystem;
  const home = resolveHome(options);
  const cwd = options.cwd ?? options.projectRoot;
  const paths = configPaths(options);
  const layers: ConfigLayer[] = [];
  const files: string[] = [];

  for (const [file, base] of [
    [paths.userConfig, home],
    [paths.projectConfig, options.projectRoot],
  ] as const) {
    const layer = await readConfigFile(file, fs);
    if (layer === undefined) continue;
    layers.push(resolveConfigPaths(layer, base, home));
    files.push(file);
  }

  // Variables are checked before any file they name is read, so a bad variable is reported first.
  // The environment layer and the schema that checks it are loaded only when there is something to check.
  const environment: EnvironmentConfig = setsConfigVariables(options.env)
    ? (await import("./environment-config-layers.js")).readEnvironmentConfig(options.env)
    : { layers: [] };
  if (environment.configFile !== undefined) {
    const file = resolve(cwd, environment.configFile);
    const layer = await readConfigFile(file, fs, { required: true, requiredBy: "SKILLSET_CONFIG" });
    layers.push(resolveConfigPaths(layer as ConfigLayer, resolve(file, ".."), home));
    files.push(file);
  }
  for (const layer of environment.layers) layers.push(resolveConfigPaths(layer, cwd, home));

  if (options.flags !== undefined) {
    const { validateConfigLayer } = await import("./validate-config-layer.js");
    const flags = validateConfigLayer(options.flags, { kind: "flags" });
    layers.push(resolveConfigPaths(flags, cwd, home));
  }
  return { config: mergeConfig(defaultConfig, ...layers), files };
}
