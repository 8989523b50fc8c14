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
export { nodeFileSystem } from "./fs/index.js";
export type { Diagnostic, Scope, Severity, Skill, SkillsetCode } from "./model/index.js";
export { inertForTerminal, SkillsetError, stripControls } from "./model/index.js";
export type { ConfigLayer, SkillsetConfig } from "./config/index.js";
export { defaultConfig, loadConfig } from "./config/index.js";
export type { ParseTextOptions, ParseTextResult } from "./parser/index.js";
export { parseSkillText } from "./parser/index.js";
export type { ValidatePathsOptions, ValidationReport } from "./validate/index.js";
export { validatePaths } from "./validate/index.js";
export type {
  Lookup,
  RegistryEntry,
  RegistryEvent,
  RegistryOptions,
  RegistryWatcher,
  SkillRegistry,
  SkillStatus,
} from "./registry/index.js";
export { clearRegistryCache, createRegistry, getRegistry } from "./registry/index.js";
export type { CatalogResult, RenderCatalogOptions, Tokenizer } from "./catalog/index.js";
export { defaultTokenizer, renderCatalog } from "./catalog/index.js";
export type {
  Activation,
  Mention,
  MentionResolution,
  MentionSource,
  ResolveMentionsOptions,
} from "./mentions/index.js";
export { removeMentions, resolveMentions, scanMentions } from "./mentions/index.js";
export type { SearchResult, SkillSearch, SkillSearchOptions } from "./search/index.js";
export { createSkillSearch } from "./search/index.js";
export type {
  FoundSkill,
  LoadedSkill,
  LoadOptions,
  ReloadTracker,
  SkillFileContent,
} from "./loader/index.js";
export { createReloadTracker, findSkill, loadSkill, readSkillFile } from "./loader/index.js";
export type { SkillTool, SkillToolsContext } from "./tools/index.js";
export { createSkillTools } from "./tools/index.js";
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
export { createSkillset } from "./session/index.js";
