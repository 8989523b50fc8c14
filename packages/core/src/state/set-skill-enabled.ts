/**
 * @module Switching one skill on or off in the user or project state file (`skillset enable|disable`).
 */
import { type ConfigLocation, configPaths, resolveHome } from "../config/config-paths.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { openStateStore, type StateChange } from "./open-state-store.js";
import { canonicalStateKey } from "./state-key.js";
import { keepingTrust } from "./trust-project.js";

/** Options for `setSkillEnabled`. */
export interface SetSkillEnabledOptions extends ConfigLocation {
  /** A skill name, `namespace:name`, or a path of a `SKILL.md` or its folder. */
  key: string;
  enabled: boolean;
  /** Which state file to change. Default `user`. */
  layer?: "user" | "project";
  /** Base for a relative path key. Default: `projectRoot`. */
  cwd?: string;
  fs?: FileSystem;
}

/**
 * Records `key` as enabled or disabled in one layer (atomic, locked across processes): the key is removed
 * from the other list and added to this one, so the last command wins. An `enabled` entry is kept, not
 * just the `disabled` one removed, so that a project entry re-enables a skill the user disabled and a path
 * entry re-enables one skill of a disabled name. Path keys are stored absolute and real.
 * Returns the change, whose `diagnostics` report a damaged file that was moved aside.
 */
export async function setSkillEnabled(options: SetSkillEnabledOptions): Promise<StateChange> {
  const fs = options.fs ?? nodeFileSystem;
  const paths = configPaths(options);
  const file = options.layer === "project" ? paths.projectState : paths.userState;
  const key = await canonicalStateKey(options.key, {
    cwd: options.cwd ?? options.projectRoot,
    home: resolveHome(options),
    fs,
  });
  const change = () =>
    openStateStore(file, { fs, writeThroughLink: options.layer !== "project" }).change((state) => {
      state.disabled = state.disabled.filter((entry) => entry !== key);
      state.enabled = state.enabled.filter((entry) => entry !== key);
      (options.enabled ? state.enabled : state.disabled).push(key);
    });
  // The project's state file is covered by the person's trust (its digest): their own change keeps it.
  return options.layer === "project" ? keepingTrust({ ...options, fs }, change) : change();
}
