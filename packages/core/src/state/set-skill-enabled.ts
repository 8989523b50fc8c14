/**
 * @module Switching one skill on or off in the user or project state file (`skillset enable|disable`).
 */
import { join } from "node:path";
import { type ConfigLocation, configPaths, resolveHome } from "../config/config-paths.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { openStateStore, type StateChange } from "./open-state-store.js";
import { canonicalStateKey, isPathKey } from "./state-key.js";
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
  /**
   * The path keys of the skills the stored key names (see `pathKeysOf`), given the key as stored: the
   * registry knows them. Entries for those paths in this layer are dropped, so that `enable pdf` undoes
   * `disable ./skills/pdf` and `enable ./skills/pdf` undoes `disable ./skills/pdf/SKILL.md` (a path entry
   * would otherwise go on deciding: it beats a name, and disabled beats enabled beside it).
   */
  pathKeysFor?: (key: string) => readonly string[];
  fs?: FileSystem;
}

/**
 * Records `key` as enabled or disabled in one layer (atomic, locked across processes): the key, and the
 * layer's entries for the paths of the same skills (`pathKeysFor`; for a path key at least its `SKILL.md`
 * or folder twin), are removed from both lists and the key is added to this one, so the last command
 * wins whichever form named the skill before. An `enabled` entry is kept, not
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
  const replaced = new Set([key, ...(options.pathKeysFor?.(key) ?? []), ...pathTwins(key)]);
  const change = () =>
    openStateStore(file, {
      fs,
      ...(options.layer === "project" ? { writeRoot: options.projectRoot } : { writeThroughLink: true }),
    }).change((state) => {
      state.disabled = state.disabled.filter((entry) => !replaced.has(entry));
      state.enabled = state.enabled.filter((entry) => !replaced.has(entry));
      (options.enabled ? state.enabled : state.disabled).push(key);
    });
  // The project's state file is covered by the person's trust (its digest): their own change keeps it.
  return options.layer === "project" ? keepingTrust({ ...options, fs }, change) : change();
}

/** For a path key, the other form naming the same skill: its folder for a `SKILL.md`, and the reverse. */
function pathTwins(key: string): string[] {
  if (!isPathKey(key)) return [];
  const file = /[\\/](SKILL|skill)\.md$/.exec(key);
  return file ? [key.slice(0, file.index)] : [join(key, "SKILL.md"), join(key, "skill.md")];
}
