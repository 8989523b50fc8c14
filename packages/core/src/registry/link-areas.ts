/**
 * @module Where discovery's links may lead (SPEC §5, §15): inside a known skills root or the project.
 * A link whose real path leaves all of them is not followed unless `discovery.followExternalLinks` is on or
 * the root's links are the person's own (`Root.externalLinks`, see `linkAreasFor`).
 */
import { resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { orUndefined, realpathNow } from "../fs/sync-reads.js";
import type { Root } from "../roots/index.js";

/**
 * The real paths of every root and of the project, for `WalkOptions.linkAreas`; undefined when the
 * configuration lets links lead anywhere. A root that does not exist (yet) counts by its path.
 */
export async function linkAreas(
  roots: readonly Root[],
  projectRoot: string,
  fs: FileSystem,
  followExternalLinks: boolean,
): Promise<string[] | undefined> {
  if (followExternalLinks) return undefined;
  const paths = [projectRoot, ...roots.map((root) => root.path)];
  const real = await Promise.all(
    paths.map(async (path) => (await orUndefined(() => realpathNow(fs, path))) ?? resolve(path)),
  );
  return [...new Set(real)];
}
