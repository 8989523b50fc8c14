/**
 * @module Claude Code's `enabledPlugins` (SPEC §11): a plugin switched off there (`"name@marketplace": false`)
 * has its skills off here too, as deny rules over the plugin's folders.
 */
import { join } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { readInstalledPlugins } from "../roots/installed-claude-plugins.js";
import type { PolicyRule, RuleOrigin } from "./permission-rules.js";
import { escapeGlob } from "./skill-glob.js";

/** An `enabledPlugins` entry set to `false`, with the setting it came from. */
export interface SwitchedOffPlugin {
  /** `name@marketplace`, as written. */
  key: string;
  origin: RuleOrigin;
}

/**
 * One deny rule per folder of each switched-off plugin: its records in `installed_plugins.json`, or — when
 * that file is missing — `cache/<marketplace>/<name>` (every version). A plugin may hold no skills, so
 * these rules never warn that they name none.
 */
export async function switchedOffPluginRules(
  plugins: readonly SwitchedOffPlugin[],
  location: { pluginsDir: string; projectRoot: string },
  fs: FileSystem,
): Promise<PolicyRule[]> {
  if (plugins.length === 0) return [];
  const installed = await readInstalledPlugins(fs, location.pluginsDir, location.projectRoot);
  const rules: PolicyRule[] = [];
  for (const { key, origin } of plugins) {
    const dirs = installed
      ? installed.filter((record) => record.key === key).map((record) => record.dir)
      : cacheDir(location.pluginsDir, key);
    for (const dir of dirs) {
      rules.push({ action: "deny", skill: `${escapeGlob(dir)}/**`, origin, mayMatchNothing: true });
    }
  }
  return rules;
}

function cacheDir(pluginsDir: string, key: string): string[] {
  const at = key.lastIndexOf("@");
  const name = key.slice(0, at);
  const marketplace = key.slice(at + 1);
  if (at <= 0 || marketplace === "" || /[\\/]|^\.\.?$/.test(name) || /[\\/]|^\.\.?$/.test(marketplace)) {
    return [];
  }
  return [join(pluginsDir, "cache", marketplace, name)];
}
