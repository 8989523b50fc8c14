/**
 * @module Turns a path written by a person (config entry, environment variable) into an absolute path.
 */
import { isAbsolute, join, resolve } from "node:path";

/**
 * Expands a leading `~` (alone or followed by `/`) to `home`, then resolves the result against `base`.
 * @example resolveUserPath("~/skills", "/repo", "/home/ada") // "/home/ada/skills"
 */
export function resolveUserPath(path: string, base: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/") || path.startsWith("~\\")) return join(home, path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(base, path);
}
