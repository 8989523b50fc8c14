/**
 * @module parser (public) — what hosts get from `@skillset/core/parser`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */

export { normalizeDescription } from "../model/normalize-description.js";
export { buildFrontmatter, type FrontmatterSource } from "./build-frontmatter.js";
export { checkName, type FieldCheckOptions } from "./check-spec-fields.js";
export { SKILL_HEAD_BYTES } from "./parse-limits.js";
export { type ParseFileSyncOptions, parseSkillFile, parseSkillFileSync } from "./parse-skill-file.js";
export { parseSkillText } from "./parse-skill-text.js";
export type {
  ParsedSkill,
  ParseFileOptions,
  ParseMode,
  ParseResult,
  ParseTextOptions,
  ParseTextResult,
  SkillDocument,
} from "./parsed-skill.js";
export type { HeadThreadOptions } from "./read-heads-in-runs.js";
export { resolveInvocation } from "./resolve-invocation.js";
export { type FrontmatterSplit, type SplitOptions, splitFrontmatter } from "./split-frontmatter.js";
export { suggestValidName } from "./suggest-valid-name.js";
