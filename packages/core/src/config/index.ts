export {
  type CatalogConfig,
  type ConfigLayer,
  configLayerSchema,
  configSchema,
  type DiscoveryConfig,
  defaultConfig,
  type MentionsConfig,
  type SkillsetConfig,
  type WalkLimits,
} from "./config-schema.js";
