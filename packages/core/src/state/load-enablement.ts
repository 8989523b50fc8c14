/**
 * @module Loads the merged enable/disable view for a project (SPEC §6). The project's state file arrives
 * with a clone: unless the person trusts the project, it may switch skills off, never back on (SPEC §11).
 */
import { type ConfigLocation, configPaths, resolveHome } from "../config/config-paths.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { createEnablement, type Enablement } from "./enablement.js";
import { openStateStore } from "./open-state-store.js";
import { canonicalStateKey } from "./state-key.js";
import type { SkillsetState } from "./state-schema.js";

/** Environment variables that switch skills off or on for one run, above both state files. */
export const stateEnvironmentVariables = ["SKILLSET_DISABLE_SKILLS", "SKILLSET_ENABLE_SKILLS"] as const;

/** Options for `loadEnablement`. */
export interface LoadEnablementOptions extends ConfigLocation {
  /** The highest layer, e.g. from `--disable`/`--enable` flags. */
  overrides?: { disabled?: string[]; enabled?: string[] };
  /** Base for relative path keys in the environment and overrides. Default: `projectRoot`. */
  cwd?: string;
  fs?: FileSystem;
}

/** What `loadEnablement` read. */
export interface LoadedEnablement {
  enablement: Enablement;
  diagnostics: Diagnostic[];
  /**
   * The layers merged into `enablement`, lowest first: the user state, the project state, the environment,
   * then the overrides when given (`enablementLayer` names the index of a state file's).
   */
  layers: SkillsetState[];
}

/** The index in `LoadedEnablement.layers` of the user or project state file. */
export const enablementLayer = { user: 0, project: 1 } as const;

/**
 * Reads the user state, then the project state, then `SKILLSET_DISABLE_SKILLS` / `SKILLSET_ENABLE_SKILLS`
 * (comma-separated keys), then `overrides`; each layer overrides the ones before (see `createEnablement`).
 * A damaged or unreadable file is reported in `diagnostics` (with whatever settings are still legible
 * applied), never thrown, so a broken state file does not stop discovery.
 */
export async function loadEnablement(options: LoadEnablementOptions): Promise<LoadedEnablement> {
  const fs = options.fs ?? nodeFileSystem;
  const paths = configPaths(options);
  const layers: SkillsetState[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of [paths.userState, paths.projectState]) {
    const result = await openStateStore(file, { fs }).read();
    layers.push(result.state);
    diagnostics.push(...result.diagnostics);
  }
  const narrowOnly = new Set<number>();
  const project = layers[enablementLayer.project] as SkillsetState;
  // Trust is looked up only when the project's file switches something on (most have nothing to switch on).
  if (project.enabled.length > 0) {
    const { projectSettingIgnored, projectTrust } = await import("../config/project-trust.js");
    const trust = await projectTrust({ ...options, fs });
    if (trust.state !== "trusted") {
      narrowOnly.add(enablementLayer.project);
      const user = new Set((layers[enablementLayer.user] as SkillsetState).disabled);
      const overridden = project.enabled.filter((key) => user.has(key));
      if (overridden.length > 0) {
        diagnostics.push(
          projectSettingIgnored(
            paths.projectState,
            `enabled (${overridden.join(", ")})`,
            "switches back on skills you switched off",
            trust,
          ),
        );
      }
    }
  }
  const keyOptions = { cwd: options.cwd ?? options.projectRoot, home: resolveHome(options), fs };
  const canonical = (keys: readonly string[]) =>
    Promise.all(keys.filter((key) => key.trim() !== "").map((key) => canonicalStateKey(key, keyOptions)));
  const fromEnvironment = (name: string) => (options.env[name] ?? "").split(",");
  layers.push({
    version: 1,
    disabled: await canonical(fromEnvironment("SKILLSET_DISABLE_SKILLS")),
    enabled: await canonical(fromEnvironment("SKILLSET_ENABLE_SKILLS")),
  });
  if (options.overrides) {
    layers.push({
      version: 1,
      disabled: await canonical(options.overrides.disabled ?? []),
      enabled: await canonical(options.overrides.enabled ?? []),
    });
  }
  return { enablement: createEnablement(layers, { narrowOnly }), diagnostics, layers };
}
