/**
 * @module The configuration a registry uses and the project root it belongs to, found once: the project
 * root by the default markers, the configuration of that project, and — only when the configuration
 * names other markers — the project root (and configuration) those markers find.
 */
import type { ConfigLayer, SkillsetConfig } from "../config/config-schema.js";
import { defaultConfig } from "../config/default-config.js";
import { loadConfig } from "../config/load-config.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { findProjectRoot } from "../roots/index.js";

/** Where to look, and what is given. */
export interface RegistryConfigOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  home?: string;
  fs: FileSystem;
  /** Used as is (nothing is read) when given. */
  config?: SkillsetConfig;
  /** The highest configuration layer (e.g. command-line flags), checked like a file. */
  flags?: ConfigLayer;
}

/** The configuration in use, the project root, and the configuration files read (lowest layer first). */
export interface RegistryConfig {
  config: SkillsetConfig;
  projectRoot: string;
  files: string[];
  /** Project settings that were not applied because they widen what the person allows (SPEC §11). */
  diagnostics: Diagnostic[];
}

/**
 * Resolves the configuration and project root. Throws `SkillsetError` (`config-invalid`,
 * `config-unreadable`) for a bad configuration layer.
 */
export async function resolveRegistryConfig(options: RegistryConfigOptions): Promise<RegistryConfig> {
  const { cwd, env, home, fs, flags } = options;
  const markers = (options.config ?? defaultConfig).discovery.projectMarkers;
  const projectRoot = await findProjectRoot(cwd, markers, fs);
  if (options.config !== undefined)
    return { config: options.config, projectRoot, files: [], diagnostics: [] };
  const load = (root: string) =>
    loadConfig({
      projectRoot: root,
      cwd,
      env,
      fs,
      ...(home === undefined ? {} : { home }),
      ...(flags === undefined ? {} : { flags }),
    });
  const loaded = await load(projectRoot);
  const configured = loaded.config.discovery.projectMarkers;
  if (configured.join("\n") === markers.join("\n")) return { ...loaded, projectRoot };
  // The configuration moved the project root: read the configuration of the project it names.
  const moved = await findProjectRoot(cwd, configured, fs);
  return { ...(await load(moved)), projectRoot: moved };
}
