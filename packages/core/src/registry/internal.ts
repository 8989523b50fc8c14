/**
 * @module registry (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { findByExactName } from "./exact-skill-name.js";
export { clearRegistryCache, getRegistry } from "./get-registry.js";
export { lookupEntry } from "./lookup-entry.js";
export { METADATA_CACHE_VERSION } from "./metadata-cache.js";
export { createNameFilter, type NameFilter } from "./name-filter.js";
export {
  compareSkills,
  type RankedEntry,
  type Ranking,
  rankPrecedence,
  scopeRank,
} from "./rank-precedence.js";
export {
  findById,
  findByPath,
  findNearNames,
  lookupFor,
  nearSkills,
  type SkillLookup,
  type SkillMatch,
} from "./skill-lookup.js";
