/**
 * @module Claude Code's plugins folder and its `installed_plugins.json`: where plugins are found (SPEC §5)
 * and which folder an `enabledPlugins` key (`name@marketplace`) names (SPEC §11).
 */
import { join, resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { readCappedText } from "../fs/read-capped-text.js";
import { resolveUserPath } from "./resolve-user-path.js";
import { nonEmpty } from "./roots-context.js";

/** One installed plugin record. */
export interface InstalledClaudePlugin {
  /** Absolute path of the installed plugin folder. */
  dir: string;
  /** The key it is installed under, `name@marketplace`. */
  key: string;
  /** The name part of the key. */
  installedName: string;
}

/** `$CLAUDE_CONFIG_DIR/plugins` (relative to `cwd`), else `~/.claude/plugins`. */
export function claudePluginsDir(location: {
  home: string;
  env: Record<string, string | undefined>;
  cwd: string;
}): string {
  const claudeHome = nonEmpty(location.env.CLAUDE_CONFIG_DIR);
  return join(
    claudeHome ? resolveUserPath(claudeHome, location.cwd, location.home) : join(location.home, ".claude"),
    "plugins",
  );
}

/**
 * Claude Code's `installed_plugins.json` (version 1: one record per `name@marketplace`; version 2: a list
 * per key, project-scoped records carrying `projectPath`), keeping the records for `projectRoot`, sorted
 * by key (code-unit order). Undefined when the file is missing, unreadable or over 1 MiB (real ones are a
 * few KiB; `CLAUDE_CONFIG_DIR` can point anywhere).
 */
export async function readInstalledPlugins(
  fs: FileSystem,
  pluginsDir: string,
  projectRoot: string,
): Promise<InstalledClaudePlugin[] | undefined> {
  let data: unknown;
  try {
    data = JSON.parse(await readCappedText(fs, join(pluginsDir, "installed_plugins.json")));
  } catch {
    return undefined;
  }
  const plugins = (data as { plugins?: unknown } | null)?.plugins;
  if (typeof plugins !== "object" || plugins === null) return undefined;
  const result: InstalledClaudePlugin[] = [];
  for (const key of Object.keys(plugins).sort()) {
    const value = (plugins as Record<string, unknown>)[key];
    for (const record of Array.isArray(value) ? value : [value]) {
      const { installPath, projectPath } = (record ?? {}) as { installPath?: unknown; projectPath?: unknown };
      if (typeof installPath !== "string") continue;
      if (typeof projectPath === "string" && resolve(projectPath) !== projectRoot) continue;
      result.push({ dir: resolve(pluginsDir, installPath), key, installedName: key.split("@")[0] || key });
    }
  }
  return result;
}
