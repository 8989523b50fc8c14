/**
 * @module Removes the roots that configuration switched off (SPEC §5: providers and sources).
 */
import { sep } from "node:path";
import type { DiscoveryConfig } from "../config/config-schema.js";
import { resolveUserPath } from "./resolve-user-path.js";
import type { Root } from "./root.js";

/**
 * Keeps the roots that are still on. `providers: { cursor: false }` removes a provider; each
 * `disabledSources` entry removes a provider (`codex`), one scope of it (`claude:user`), or every root at or
 * inside a folder (`/opt/skills`, `~/.cursor`).
 */
export function filterSwitchedOff(
  roots: readonly Root[],
  config: Pick<DiscoveryConfig, "providers" | "disabledSources">,
  paths: { cwd: string; home: string },
): Root[] {
  const names = new Set<string>();
  const folders: string[] = [];
  for (const source of config.disabledSources) {
    if (looksLikePath(source)) folders.push(resolveUserPath(source, paths.cwd, paths.home));
    else names.add(source);
  }
  return roots.filter(
    (root) =>
      config.providers[root.provider] !== false &&
      !names.has(root.provider) &&
      !names.has(`${root.provider}:${root.scope}`) &&
      !folders.some((folder) => root.path === folder || root.path.startsWith(folder + sep)),
  );
}

function looksLikePath(source: string): boolean {
  return (
    source.startsWith("/") ||
    source.startsWith("~") ||
    source.startsWith(".") ||
    /^[A-Za-z]:[\\/]/.test(source)
  );
}
