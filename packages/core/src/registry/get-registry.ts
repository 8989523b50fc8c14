/**
 * @module The per-cwd registry cache (SPEC §5 "The registry caches per cwd"): one loaded registry per
 * cwd and options in this process, reused until its owner calls `reload()` (which refreshes it in place).
 */
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createRegistry } from "./create-registry.js";
import type { RegistryOptions, SkillRegistry } from "./registry-types.js";

const byFileSystem = new Map<FileSystem, Map<string, Promise<SkillRegistry>>>();

function cacheKey(options: RegistryOptions): string {
  return JSON.stringify([
    options.cwd,
    options.home ?? null,
    options.cacheFile ?? null,
    options.config ?? null,
    options.flags ?? null,
    options.synchronousReads ?? null,
    Object.entries(options.env ?? process.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ]);
}

/**
 * Returns the loaded registry for `options`, creating and loading it on first use. Calls with the same
 * cwd, env, home, config, cache file and file system share one registry; call `reload()` on it to rescan.
 * A registry whose first load failed is not kept.
 * @example const registry = await getRegistry({ cwd: process.cwd(), env: process.env });
 */
export function getRegistry(options: RegistryOptions): Promise<SkillRegistry> {
  const fs = options.fs ?? nodeFileSystem;
  let registries = byFileSystem.get(fs);
  if (!registries) {
    registries = new Map();
    byFileSystem.set(fs, registries);
  }
  const key = cacheKey(options);
  const cached = registries.get(key);
  if (cached) return cached;
  const registry = createRegistry(options);
  const loading = registry.load().then(() => registry);
  registries.set(key, loading);
  loading.catch(() => registries.delete(key));
  return loading;
}

/**
 * Forgets every cached registry (they keep working; the next `getRegistry` creates new ones).
 * @example afterEach(() => clearRegistryCache());
 */
export function clearRegistryCache(): void {
  byFileSystem.clear();
}
