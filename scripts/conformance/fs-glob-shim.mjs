/**
 * @module `fs` with `globSync` for the MCP conformance suite on Node 20: the suite imports
 * `globSync` from `fs` (Node >= 22). Only the one pattern it uses is needed, `**\/<file name>`: every
 * file of that name under `cwd`. Loaded through `fs-glob-hooks.mjs`, for the suite's own imports only.
 */
import * as fs from "node:fs";
import { join, relative } from "node:path";

export * from "node:fs";
export default fs.default ?? fs;

/** `globSync("**\/name", { cwd })`: relative paths of every file named `name` under `cwd`. */
export function globSync(pattern, options = {}) {
  if (typeof fs.globSync === "function") return fs.globSync(pattern, options);
  const match = /^\*\*\/([^*?[\]{}/]+)$/.exec(pattern);
  if (!match) throw new Error(`fs-glob-shim: only **/<file name> patterns are supported, not ${pattern}`);
  const root = options.cwd ?? process.cwd();
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === match[1]) found.push(relative(root, path));
    }
  };
  if (fs.existsSync(root)) walk(root);
  return found;
}
