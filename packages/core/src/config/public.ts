/**
 * @module config (public) — what hosts get from `@skillset/core/config`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { type ConfigLocation, type ConfigPaths, configPaths, resolveHome } from "./config-paths.js";
export {
  type CatalogConfig,
  type ConfigLayer,
  catalogConfigSchema,
  configLayerSchema,
  configSchema,
  type MentionsConfig,
  mentionsConfigSchema,
  type PermissionRule,
  type PolicyConfig,
  permissionRuleSchema,
  policyConfigSchema,
  type RemoteServerConfig,
  remoteServerSchema,
  type SearchConfig,
  type SkillsetConfig,
  searchConfigSchema,
  type WalkLimits,
  walkLimitsSchema,
} from "./config-schema.js";
export { defaultConfig } from "./default-config.js";
export { type LoadConfigOptions, type LoadedConfig, loadConfig } from "./load-config.js";
export type { IgnoredSetting } from "./narrow-project-layer.js";
export {
  PROJECT_WIDENING_FILES,
  type ProjectTrust,
  type ProjectTrustLocation,
  projectTrust,
  type TrustedProject,
} from "./project-trust.js";
export { readConfigFile } from "./read-config-file.js";
