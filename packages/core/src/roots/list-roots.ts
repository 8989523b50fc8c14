/**
 * @module Every root to walk for a cwd, and the extra roots a monorepo path brings (SPEC §5 Roots).
 */
import { dirname, resolve } from "node:path";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import type { Scope } from "../model/skill.js";
import { filterSwitchedOff } from "./filter-switched-off.js";
import { findClaudePlugins } from "./find-claude-plugins.js";
import { findProjectRoot, foldersBetween } from "./find-project-root.js";
import { type ChainFolder, listAdminRoots, listRepoRoots, listUserRoots } from "./list-provider-roots.js";
import { orderRoots } from "./order-roots.js";
import { resolveUserPath } from "./resolve-user-path.js";
import type { Root, RootsOptions } from "./root.js";
import { type RootsContext, resolveRootsContext } from "./roots-context.js";
import { systemSkillsDir } from "./system-skills-dir.js";

/**
 * Every root to walk for `cwd`, in precedence order: repo roots in each folder from the project root down
 * to cwd (nearest first), user roots, custom `customDirs`, admin roots, the bundled system skills, then
 * Claude-style plugins (order per `scopeOrder`). Switched-off providers and sources are removed; roots may
 * not exist yet. Deterministic for the same disk and options.
 * @example const roots = await listRoots({ cwd, env: process.env, config: defaultConfig.discovery });
 */
export async function listRoots(options: RootsOptions): Promise<Root[]> {
  const context = resolveRootsContext(options);
  const { config, cwd } = context;
  const follow = config.followSymlinks;
  const projectRoot = await findProjectRoot(cwd, config.projectMarkers, context.fs);
  const plugins = await findClaudePlugins(context, projectRoot);
  const userRoots = listUserRoots(context, follow);
  // A folder the person names as their own (`CODEX_HOME=…`) stays user scope, even inside the project.
  const userPaths = new Set(userRoots.map((root) => root.path));
  const roots: Root[] = [
    ...listRepoRoots(chainTo(projectRoot, cwd, context.home), follow).filter(
      (root) => !userPaths.has(root.path),
    ),
    ...userRoots,
    ...config.customDirs.map(
      (dir): Root => ({
        path: resolveUserPath(dir, projectRoot, context.home),
        scope: "custom",
        provider: "config",
        followLinks: follow,
      }),
    ),
    ...listAdminRoots(context, follow),
    // The bundled skills are ours: no link inside them is ever followed.
    { path: systemSkillsDir(), scope: "system", provider: "system", followLinks: false },
    ...plugins.flatMap((plugin) =>
      plugin.skillsDirs.map(
        (path): Root => ({
          path,
          scope: "plugin",
          provider: "plugin",
          namespace: plugin.name,
          followLinks: follow,
        }),
      ),
    ),
  ];
  return select(roots, context);
}

/**
 * For monorepos (`registry.discoverFor(path)`): the repo roots in each folder between the project root and
 * `path` (a file or folder the agent touches; relative to cwd) that are not on the root → cwd chain that `listRoots`
 * covers. Distances count from `path`'s folder (0 there). Empty when `path` is outside the project.
 * @example await listRootsFor("packages/web/src/app.ts", options) // packages/web/.agents/skills, …
 */
export async function listRootsFor(path: string, options: RootsOptions): Promise<Root[]> {
  const context = resolveRootsContext(options);
  const { config, cwd, fs } = context;
  const projectRoot = await findProjectRoot(cwd, config.projectMarkers, fs);
  const target = resolve(cwd, path);
  const isFolder = await fs.stat(target).then(
    (stat) => stat.isDirectory,
    () => false,
  );
  const onCwdChain = new Set(foldersBetween(projectRoot, cwd));
  const chain = chainTo(projectRoot, isFolder ? target : dirname(target), context.home).filter(
    (folder) => !onCwdChain.has(folder.dir),
  );
  return select(listRepoRoots(chain, config.followSymlinks), context);
}

/**
 * The folders from the project root down to `end` that hold repo roots, each with its distance from `end`.
 * Below HOME, HOME and the folders above it are never project folders, marker or not: `~/.claude/skills`
 * is the person's own (user scope), whether cwd is HOME itself or a project inside it.
 */
function chainTo(projectRoot: string, end: string, home: string): ChainFolder[] {
  const folders = foldersBetween(projectRoot, end);
  const inHome = isSameOrInside(end, home);
  return folders
    .map((dir, index) => ({ dir, distance: folders.length - 1 - index }))
    .filter(({ dir }) => !inHome || (dir !== home && isSameOrInside(dir, home)));
}

/** Scopes whose folders hold only what the person or the administrator put there: their links are theirs. */
const ownScopes: ReadonlySet<Scope> = new Set(["user", "admin"]);

function select(roots: Root[], context: RootsContext): Root[] {
  const { config } = context;
  const kept = orderRoots(filterSwitchedOff(roots, config, context), config.scopeOrder);
  return kept.map((root) => ({
    ...root,
    externalLinks: root.followLinks && (config.followExternalLinks || ownScopes.has(root.scope)),
  }));
}
