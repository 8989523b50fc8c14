/**
 * @module registry — every skill found, ranked by precedence, with enablement, caching, reload and watch
 * (SPEC §5, §6).
 */
// Where the person's and the project's settings live, as the registry resolves them: re-exported so a
// host that looks for one file (the CLI checks the person's config for `remotes`) need not load the
// whole configuration stage at start-up.
export { configPaths } from "../config/config-paths.js";
export { createRegistry } from "./create-registry.js";
export { exactSkillName, findByExactName } from "./exact-skill-name.js";
export { digestFolder, type FolderDigest } from "./folder-digests.js";
export { clearRegistryCache, getRegistry } from "./get-registry.js";
export { looksLikePath, lookupEntry, lookupName } from "./lookup-entry.js";
export { METADATA_CACHE_VERSION, metadataCachePath } from "./metadata-cache.js";
export { createNameFilter, type NameFilter } from "./name-filter.js";
export { isOutranked } from "./outranked.js";
export {
  compareSkills,
  type RankedEntry,
  type Ranking,
  rankPrecedence,
  scopeRank,
} from "./rank-precedence.js";
export type {
  EnabledChange,
  Lookup,
  RegistryEntry,
  RegistryEvent,
  RegistryListener,
  RegistryOptions,
  RegistryStats,
  RegistryWatcher,
  ReloadOptions,
  RootInfo,
  SkillRegistry,
  SkillStatus,
} from "./registry-types.js";
export {
  findById,
  findByPath,
  findNearNames,
  lookupFor,
  nearSkills,
  type SkillLookup,
  type SkillMatch,
  suggestSkills,
} from "./skill-lookup.js";
