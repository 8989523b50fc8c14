/**
 * @module The roots each provider contributes in the repo, user and admin scopes (SPEC §5 Roots).
 */
import { join } from "node:path";
import { skillProviders } from "./provider-table.js";
import { resolveUserPath } from "./resolve-user-path.js";
import type { Root } from "./root.js";
import { nonEmpty, type RootsContext } from "./roots-context.js";

/** A folder on the project root → cwd (or → path) chain and its distance from the nearest end. */
export interface ChainFolder {
  dir: string;
  distance: number;
}

/** Repo scope: each provider's folders (e.g. `.agents/skills`) in each folder of the chain. */
export function listRepoRoots(chain: readonly ChainFolder[], followLinks: boolean): Root[] {
  const roots: Root[] = [];
  for (const { dir, distance } of chain) {
    for (const provider of skillProviders) {
      for (const relative of provider.repoDirs) {
        roots.push({
          path: join(dir, relative),
          scope: "repo",
          provider: provider.id,
          distance,
          followLinks,
        });
      }
    }
  }
  return roots;
}

/** User scope: each provider's folders under HOME, or under the folder its environment variable names. */
export function listUserRoots(context: RootsContext, followLinks: boolean): Root[] {
  const roots: Root[] = [];
  for (const provider of skillProviders) {
    for (const userDir of provider.userDirs) {
      const fromEnv = userDir.baseEnv ? nonEmpty(context.env[userDir.baseEnv]) : undefined;
      const base = fromEnv
        ? resolveUserPath(fromEnv, context.cwd, context.home)
        : join(context.home, userDir.baseDefault);
      roots.push({ path: join(base, userDir.path), scope: "user", provider: provider.id, followLinks });
    }
  }
  return roots;
}

/** Admin scope: folders under the admin prefix (`/etc`, or `SKILLSET_ADMIN_DIR`). */
export function listAdminRoots(context: RootsContext, followLinks: boolean): Root[] {
  return skillProviders.flatMap((provider) =>
    provider.adminDirs.map(
      (relative): Root => ({
        path: join(context.adminDir, relative),
        scope: "admin",
        provider: provider.id,
        followLinks,
      }),
    ),
  );
}
