/**
 * @module Files of the @skillset/core package itself — its prompts, data, bundled skills and the
 * head-reading thread's script — found from wherever this code runs: the sources (tests), a built entry
 * or a shared chunk of the bundle, at whatever depth. The package folder is the nearest one up that holds
 * a package.json (nothing between it and any module of the package has one).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeFs } from "./node-builtin.js";

const { existsSync } = nodeFs;

let packageDir: string | undefined;

/** Absolute path of `relative` in the @skillset/core package folder, e.g. `prompts/catalog-omitted.md`. */
export function corePackagePath(relative: string): string {
  if (packageDir === undefined) {
    const here = fileURLToPath(import.meta.url);
    let dir = dirname(here);
    while (!existsSync(join(dir, "package.json"))) {
      const parent = dirname(dir);
      if (parent === dir)
        throw new Error(`${here}: no package.json above it; reinstall @skillset/core, it is incomplete`);
      dir = parent;
    }
    packageDir = dir;
  }
  return join(packageDir, relative);
}
