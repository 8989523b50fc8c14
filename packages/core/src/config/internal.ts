/**
 * @module config (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { configJsonSchema, type JsonSchema } from "./config-json-schema.js";
export { type DiscoveryConfig, discoveryConfigSchema } from "./config-schema.js";
export {
  type ConfigEnvironmentVariable,
  configEnvironmentVariables,
  type EnvironmentConfig,
  readEnvironmentConfig,
} from "./environment-config-layers.js";
export type { ConfigSource } from "./format-config-issues.js";
export { mergeConfig } from "./merge-config.js";
export { type NarrowContext, type NarrowedLayer, narrowProjectLayer } from "./narrow-project-layer.js";
export {
  isProjectFile,
  projectFilesDigest,
  projectSettingIgnored,
  readTrustedProjects,
  TRUSTED_PROJECTS_FILE,
  type TrustedProjects,
  trustAdvice,
  trustedProjectsFile,
} from "./project-trust.js";
export { validateConfigLayer } from "./validate-config-layer.js";
