/**
 * @module Claude-style plugins (a folder holding `.claude-plugin/plugin.json`) whose `skills/` folders form
 * the plugin scope (SPEC §5). Plugins come from `discovery.pluginDirs` and from Claude Code's own plugins
 * folder; every search is bounded so that a big folder cannot slow discovery down.
 */
import { basename, dirname, join, resolve, sep } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { readCappedText, TOO_LARGE_CODE } from "../fs/read-capped-text.js";
import { existsNow, orUndefined, readdirNow } from "../fs/sync-reads.js";
import { claudePluginsDir, readInstalledPlugins } from "./installed-claude-plugins.js";
import { resolveUserPath } from "./resolve-user-path.js";
import type { RootsContext } from "./roots-context.js";

/** One plugin found on disk. */
export interface ClaudePlugin {
  /** Absolute path of the plugin folder. */
  dir: string;
  /** `name` from plugin.json, else the name it was installed under, else the folder name. */
  name: string;
  /** Absolute skill folders: `<plugin>/skills` plus any `skills` paths the manifest declares. */
  skillsDirs: string[];
}

interface PluginManifest {
  name?: string;
  skills: string[];
}

/** How deep below a plugins folder a plugin may sit: `cache/<marketplace>/<plugin>/<version>`. */
const maxSearchDepth = 3;
/** Folders read per search, so a wrong `pluginDirs` entry (say, HOME) stays cheap. */
const maxSearchFolders = 400;

/**
 * Every plugin for this project: `pluginDirs` entries first (each a plugin or a folder of plugins), then
 * Claude Code's plugins folder (`$CLAUDE_CONFIG_DIR/plugins` or `~/.claude/plugins`). There,
 * `installed_plugins.json` decides when it exists (only installed plugins count); without it, `cache/**` and
 * `marketplaces/**` are searched. Sorted by name, then path.
 */
export async function findClaudePlugins(context: RootsContext, projectRoot: string): Promise<ClaudePlugin[]> {
  const { fs, home } = context;
  const found: ClaudePlugin[] = [];
  for (const entry of context.config.pluginDirs) {
    found.push(...(await searchPlugins(fs, resolveUserPath(entry, projectRoot, home))));
  }
  const pluginsDir = claudePluginsDir({ home, env: context.env, cwd: context.cwd });
  const installed = await readInstalledPlugins(fs, pluginsDir, projectRoot);
  if (installed) {
    for (const { dir, installedName } of installed) {
      const plugin = await readPlugin(fs, dir, installedName);
      if (plugin) found.push(plugin);
    }
  } else {
    found.push(...(await searchPlugins(fs, join(pluginsDir, "cache"))));
    found.push(...(await searchPlugins(fs, join(pluginsDir, "marketplaces"))));
  }
  return keepNewestVersions(uniqueByDir(found)).sort(
    (a, b) => compareText(a.name, b.name) || compareText(a.dir, b.dir),
  );
}

/** Breadth-first search for plugin folders under `start` (itself included), not descending into plugins. */
async function searchPlugins(fs: FileSystem, start: string): Promise<ClaudePlugin[]> {
  const plugins: ClaudePlugin[] = [];
  let level = [start];
  let folders = 0;
  for (let depth = 0; depth <= maxSearchDepth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++folders > maxSearchFolders) return plugins;
      const entries = await orUndefined(() => readdirNow(fs, dir));
      if (!entries) continue;
      if (entries.some((entry) => entry.name === ".claude-plugin")) {
        const plugin = await readPlugin(fs, dir);
        if (plugin) {
          plugins.push(plugin);
          continue;
        }
      }
      const children = entries
        .filter(
          (e) => (e.isDirectory || e.isSymbolicLink) && !e.name.startsWith(".") && e.name !== "node_modules",
        )
        .map((e) => e.name)
        .sort(compareText);
      for (const name of children) next.push(join(dir, name));
    }
    level = next;
  }
  return plugins;
}

/**
 * Reads a plugin folder. Without `fallbackName`, a folder without `.claude-plugin/plugin.json` is not a
 * plugin; with it (an installed plugin, whose manifest is optional), it is.
 */
async function readPlugin(
  fs: FileSystem,
  dir: string,
  fallbackName?: string,
): Promise<ClaudePlugin | undefined> {
  const manifest = await readManifest(fs, dir);
  if (!manifest && fallbackName === undefined) return undefined;
  if (!manifest && !(await existsNow(fs, dir))) return undefined;
  const skillsDirs = [join(dir, "skills")];
  for (const path of manifest?.skills ?? []) {
    const target = resolve(dir, path);
    // A manifest may only point inside its own plugin.
    if (target.startsWith(dir + sep) && !skillsDirs.includes(target)) skillsDirs.push(target);
  }
  return { dir, name: manifest?.name ?? fallbackName ?? basename(dir), skillsDirs };
}

/**
 * `.claude-plugin/plugin.json`, or undefined when absent. A manifest that does not parse still marks a
 * plugin, and so does one over 1 MiB, unread: a folder a project names in `pluginDirs` is the clone's.
 */
async function readManifest(fs: FileSystem, dir: string): Promise<PluginManifest | undefined> {
  let text: string;
  try {
    text = await readCappedText(fs, join(dir, ".claude-plugin", "plugin.json"));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === TOO_LARGE_CODE ? { skills: [] } : undefined;
  }
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== "object" || data === null) return { skills: [] };
    const { name, skills } = data as { name?: unknown; skills?: unknown };
    const paths = typeof skills === "string" ? [skills] : Array.isArray(skills) ? skills : [];
    return {
      ...(typeof name === "string" && name.trim() !== "" ? { name: name.trim() } : {}),
      skills: paths.filter((path): path is string => typeof path === "string"),
    };
  } catch {
    return { skills: [] };
  }
}

function uniqueByDir(plugins: ClaudePlugin[]): ClaudePlugin[] {
  const seen = new Set<string>();
  return plugins.filter((plugin) => !seen.has(plugin.dir) && seen.add(plugin.dir));
}

/**
 * Claude Code's cache keeps old versions side by side (`<plugin>/1.0.0`, `<plugin>/1.2.0`): among plugins of
 * the same name in the same parent folder, only the highest version (numeric-aware) is kept.
 */
function keepNewestVersions(plugins: ClaudePlugin[]): ClaudePlugin[] {
  const newest = new Map<string, ClaudePlugin>();
  for (const plugin of plugins) {
    const key = `${plugin.name}\0${dirname(plugin.dir)}`;
    const current = newest.get(key);
    if (!current || compareVersions(basename(plugin.dir), basename(current.dir)) > 0) newest.set(key, plugin);
  }
  return plugins.filter((plugin) => newest.get(`${plugin.name}\0${dirname(plugin.dir)}`) === plugin);
}

// Made on first use: starting ICU's collation costs every command a few milliseconds, most find no plugin.
let versionCollator: Intl.Collator | undefined;

function compareVersions(a: string, b: string): number {
  versionCollator ??= new Intl.Collator("en", { numeric: true });
  return versionCollator.compare(a, b);
}

/** Code-unit order: the same on every machine, unlike locale order. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
