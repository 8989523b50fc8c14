/**
 * @module A CommonJS package loaded on first use, synchronously: for packages most runs never need (the
 * full YAML parser, the glob matcher), so that importing skillset does not load them. The published
 * package carries its own copy in `dist/vendor/<name>.cjs` (bundled by scripts/bundle.mjs, so npm installs
 * nothing for it); the sources, in tests, use the installed package.
 */
import { createRequire } from "node:module";
import { corePackagePath } from "./core-package-path.js";
import { nodeFs } from "./node-builtin.js";

const { existsSync } = nodeFs;

const require = createRequire(import.meta.url);

/** The package `name`: its bundled copy when the package ships one, else the installed package. */
export function requireOnFirstUse<T>(name: string): T {
  const vendored = corePackagePath(`dist/vendor/${name}.cjs`);
  return require(existsSync(vendored) ? vendored : name) as T;
}
