/**
 * @module @skillset/core — the Agent Skills runtime. This root names what a host needs first: open the
 * registry, render the catalog, resolve mentions, find and load a skill, check skills, the model's tools,
 * and the error class. Everything else lives at its stage's subpath, in the order data flows:
 * `@skillset/core/fs`, `/model`, `/config`, `/state`, `/roots`, `/walker`, `/parser`, `/validate`,
 * `/registry`, `/policy`, `/catalog`, `/mentions`, `/completion`, `/search`, `/loader`, `/tools`,
 * `/session` (see ARCHITECTURE.md).
 * The list is pinned by `root-exports.test.ts`: growing it is a decision, not an accident.
 */
// biome-ignore-all assist/source/organizeImports: grouped by what a host does, in pipeline order
export type { FileSystem } from "./fs/index.js";
export { nodeFileSystem } from "./fs/node-file-system.js";
export type { Diagnostic, Scope, Severity, Skill, SkillsetCode } from "./model/index.js";
export { SkillsetError } from "./model/errors.js";
export { inertForTerminal, stripControls } from "./model/inert-text.js";
export type { ConfigLayer, SkillsetConfig } from "./config/index.js";
export { defaultConfig } from "./config/default-config.js";
export { loadConfig } from "./config/load-config.js";
export type { ParseTextOptions, ParseTextResult } from "./parser/index.js";
export { parseSkillText } from "./parser/parse-skill-text.js";
export type { ValidatePathsOptions, ValidationReport } from "./validate/index.js";

export type {
  Lookup,
  RegistryEntry,
  RegistryEvent,
  RegistryOptions,
  RegistryWatcher,
  SkillRegistry,
  SkillStatus,
} from "./registry/index.js";
export { createRegistry } from "./registry/create-registry.js";
export { clearRegistryCache, getRegistry } from "./registry/get-registry.js";
export type { CatalogResult, RenderCatalogOptions, Tokenizer } from "./catalog/index.js";
export { renderCatalog } from "./catalog/render-catalog.js";
export { defaultTokenizer } from "./catalog/tokenizer.js";
export type {
  Activation,
  Mention,
  MentionResolution,
  MentionSource,
  ResolveMentionsOptions,
} from "./mentions/index.js";
export { removeMentions } from "./mentions/remove-mentions.js";
export { resolveMentions } from "./mentions/resolve-mentions.js";
export { scanMentions } from "./mentions/scan-mentions.js";
export type { SearchResult, SkillSearch, SkillSearchOptions } from "./search/index.js";
export { createSkillSearch } from "./search/create-skill-search.js";
export type {
  FoundSkill,
  LoadedSkill,
  LoadOptions,
  ReloadTracker,
  SkillFileContent,
} from "./loader/index.js";
export { createReloadTracker } from "./loader/reload-tracker.js";
export type { SkillTool, SkillToolsContext } from "./tools/index.js";
export { createSkillTools } from "./tools/create-skill-tools.js";
export type {
  CreateSkillsetOptions,
  PreparedTurn,
  SessionEvent,
  SessionHost,
  SessionInspection,
  SessionMessage,
  SessionOptions,
  SessionSnapshot,
  Skillset,
  SkillSession,
} from "./session/index.js";
// Asynchronous, their stages loaded on the first call (see first-call.ts).
export { createSkillset, findSkill, loadSkill, readSkillFile, validatePaths } from "./first-call.js";
