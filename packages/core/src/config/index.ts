export { configJsonSchema, type JsonSchema } from "./config-json-schema.js";
export { type ConfigLocation, type ConfigPaths, configPaths, resolveHome } from "./config-paths.js";
export {
  type CatalogConfig,
  type ConfigLayer,
  catalogConfigSchema,
  configLayerSchema,
  configSchema,
  type DiscoveryConfig,
  discoveryConfigSchema,
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
export {
  type ConfigEnvironmentVariable,
  configEnvironmentVariables,
  type EnvironmentConfig,
  readEnvironmentConfig,
} from "./environment-config-layers.js";
export type { ConfigSource } from "./format-config-issues.js";
export { type LoadConfigOptions, type LoadedConfig, loadConfig } from "./load-config.js";
export { mergeConfig } from "./merge-config.js";
export {
  type IgnoredSetting,
  type NarrowContext,
  type NarrowedLayer,
  narrowProjectLayer,
} from "./narrow-project-layer.js";
export {
  isProjectFile,
  PROJECT_WIDENING_FILES,
  type ProjectTrust,
  type ProjectTrustLocation,
  projectFilesDigest,
  projectSettingIgnored,
  projectTrust,
  readTrustedProjects,
  TRUSTED_PROJECTS_FILE,
  type TrustedProject,
  type TrustedProjects,
  trustAdvice,
  trustedProjectsFile,
} from "./project-trust.js";
export { readConfigFile } from "./read-config-file.js";
export { validateConfigLayer } from "./validate-config-layer.js";
