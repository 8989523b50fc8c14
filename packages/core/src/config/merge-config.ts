/**
 * @module Merging configuration layers (SPEC §6): later layers override earlier ones, except permission
 * rules, which every layer adds to (SPEC §11: a deny from any layer wins; no layer replaces another's rules).
 */
import type { ConfigLayer, SkillsetConfig } from "./config-schema.js";

/**
 * Merges layers over `base`, later layers winning. Objects merge key by key (so `discovery.providers`
 * from the user and from the project combine); **arrays replace** the earlier value (a project's lists
 * are narrowed first, see `narrowProjectLayer`), except `policy.permissions`, whose rules are appended, so
 * a deny from any layer holds. `undefined` values and the `$schema` key are ignored. Neither `base` nor
 * the layers are modified.
 * @example mergeConfig(defaultConfig, { discovery: { limits: { maxDepth: 3 } } }).discovery.limits
 * // { maxDepth: 3, maxDirectories: 2000, maxEntries: 20000 }
 */
export function mergeConfig(base: SkillsetConfig, ...layers: ConfigLayer[]): SkillsetConfig {
  let merged: Record<string, unknown> = structuredClone(base) as Record<string, unknown>;
  for (const layer of layers) {
    // `remotes` is never merged: only the person's own file names servers (read by `@skillset/remote`).
    const { $schema: _ignored, remotes: _remotes, ...settings } = layer;
    const before = (merged.policy as { permissions?: unknown[] } | undefined)?.permissions ?? [];
    merged = mergeObjects(merged, settings);
    const added = settings.policy?.permissions;
    if (added !== undefined) {
      (merged.policy as { permissions: unknown[] }).permissions = [...before, ...structuredClone(added)];
    }
  }
  return merged as SkillsetConfig;
}

function mergeObjects(
  base: Record<string, unknown>,
  layer: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(layer)) {
    if (value === undefined) continue;
    const current = result[key];
    result[key] =
      isPlainObject(value) && isPlainObject(current) ? mergeObjects(current, value) : structuredClone(value);
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
