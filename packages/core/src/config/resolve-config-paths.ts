/**
 * @module Makes the folder paths in a layer absolute, so a merged config never depends on where each
 * layer came from: `~/` is the home folder; other relative paths resolve against the layer's base
 * (the project root for the project file, home for the user file, the file's folder for `SKILLSET_CONFIG`).
 */
import { isAbsolute, join, resolve } from "node:path";
import type { ConfigLayer } from "./config-schema.js";

/** Returns a copy of `layer` whose `customDirs`, `pluginDirs` and path-like `disabledSources` are absolute. */
export function resolveConfigPaths(layer: ConfigLayer, base: string, home: string): ConfigLayer {
  const discovery = layer.discovery;
  if (discovery === undefined) return layer;
  const toAbsolute = (path: string): string => {
    if (path === "~") return home;
    if (path.startsWith("~/") || path.startsWith("~\\")) return join(home, path.slice(2));
    return resolve(base, path);
  };
  const resolved = { ...discovery };
  if (discovery.customDirs) resolved.customDirs = discovery.customDirs.map(toAbsolute);
  if (discovery.pluginDirs) resolved.pluginDirs = discovery.pluginDirs.map(toAbsolute);
  if (discovery.disabledSources) {
    // `provider` and `provider:scope` entries stay as they are; only path-like entries are resolved.
    resolved.disabledSources = discovery.disabledSources.map((source) =>
      isPathLike(source) ? toAbsolute(source) : source,
    );
  }
  return { ...layer, discovery: resolved };
}

function isPathLike(value: string): boolean {
  return isAbsolute(value) || value.startsWith("~") || value.startsWith("./") || value.startsWith("../");
}
