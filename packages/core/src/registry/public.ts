/**
 * @module registry (public) — what hosts get from `@skillset/core/registry`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { configPaths } from "../config/config-paths.js";
export { createRegistry } from "./create-registry.js";
export { exactSkillName } from "./exact-skill-name.js";
export { digestFolder, type FolderDigest } from "./folder-digests.js";
export { looksLikePath, lookupName } from "./lookup-entry.js";
export { metadataCachePath } from "./metadata-cache.js";
export { isOutranked } from "./outranked.js";
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
export { suggestSkills } from "./skill-lookup.js";
