/**
 * @module Loads the layered configuration (SPEC §6):
 * defaults ← user `config.json` ← project `config.json` ← `SKILLSET_CONFIG` file ← `SKILLSET_*` variables
 * ← flags. Every layer is checked; a bad layer is an error naming the file (or variable) and the key.
 * The project's file arrives with a clone: it may only narrow the person's own layers unless the person
 * trusts the project (SPEC §11, `narrowProjectLayer`, `projectTrust`); the environment and flags are the
 * person's own and may widen.
 */
import { resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { setsConfigVariables } from "./config-environment-variables.js";
import { type ConfigLocation, configPaths, resolveHome } from "./config-paths.js";
import type { ConfigLayer, SkillsetConfig } from "./config-schema.js";
import { defaultConfig } from "./default-config.js";
import type { EnvironmentConfig } from "./environment-config-layers.js";
import { mergeConfig } from "./merge-config.js";
import type { IgnoredSetting } from "./narrow-project-layer.js";
import type { ProjectTrust } from "./project-trust.js";
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
  /** Settings of the project's file that widen what the person allows and were not applied. */
  ignored: IgnoredSetting[];
  /** A `project-setting-ignored` warning per ignored setting, naming the file, the key and the fix. */
  diagnostics: Diagnostic[];
  /** Whether the person trusts the project; checked only when its file holds a widening setting. */
  trust?: ProjectTrust;
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
  const diagnostics: Diagnostic[] = [];
  let ignored: IgnoredSetting[] = [];
  let trust: ProjectTrust | undefined;

  const user = await readConfigFile(paths.userConfig, fs);
  if (user !== undefined) {
    layers.push(resolveConfigPaths(user, home, home));
    files.push(paths.userConfig);
  }
  const project = await readConfigFile(paths.projectConfig, fs);
  if (project !== undefined) {
    const written = resolveConfigPaths(project, options.projectRoot, home);
    // Loaded only when there is a project file to narrow (most start-ups have none).
    const [{ narrowProjectLayer }, { projectSettingIgnored, projectTrust }] = await Promise.all([
      import("./narrow-project-layer.js"),
      import("./project-trust.js"),
    ]);
    const narrowed = await narrowProjectLayer(mergeConfig(defaultConfig, ...layers), written, {
      projectRoot: options.projectRoot,
      fs,
    });
    // Trust is looked up only when there is something it would allow (most projects have nothing).
    if (narrowed.ignored.length > 0) trust = await projectTrust({ ...options, home, fs });
    if (trust?.state === "trusted") layers.push(written);
    else {
      layers.push(narrowed.layer);
      ignored = narrowed.ignored;
      for (const setting of ignored) {
        diagnostics.push(projectSettingIgnored(paths.projectConfig, setting.key, setting.widens, trust));
      }
    }
    files.push(paths.projectConfig);
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
  return {
    config: mergeConfig(defaultConfig, ...layers),
    files,
    ignored,
    diagnostics,
    ...(trust === undefined ? {} : { trust }),
  };
}
