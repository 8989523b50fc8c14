/**
 * @module parser — SKILL.md text → ParsedSkill + diagnostics (SPEC §2, §3).
 */

export { normalizeDescription } from "../model/normalize-description.js";
export {
  buildFrontmatter,
  type FrontmatterSource,
  KNOWN_FRONTMATTER_KEYS,
} from "./build-frontmatter.js";
export {
  checkCompatibility,
  checkDescription,
  checkName,
  type FieldCheckOptions,
  SPEC_FIELD_CODES,
} from "./check-spec-fields.js";
export { type DecodeOptions, type DecodeResult, decodeSkillBytes } from "./decode-text.js";
export { detectLinkStub } from "./detect-link-stub.js";
export { firstParagraph } from "./first-paragraph.js";
export { codePointLength, frontmatterText } from "./frontmatter-text.js";
export {
  type FrontmatterYaml,
  type FrontmatterYamlOptions,
  parseFrontmatterYaml,
} from "./parse-frontmatter-yaml.js";
export {
  MAX_COMPATIBILITY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_FRONTMATTER_BYTES,
  MAX_NAME_LENGTH,
  MAX_OPENAI_YAML_BYTES,
  MAX_SKILL_FILE_BYTES,
  MAX_YAML_ALIAS_COUNT,
  SKILL_HEAD_BYTES,
} from "./parse-limits.js";
export {
  type ParsedWithStat,
  type ParseFileSyncOptions,
  parseSkillFile,
  parseSkillFileSync,
  parseSkillFileWithStatSync,
} from "./parse-skill-file.js";
export {
  type LocatedFrontmatter,
  locateFrontmatter,
  parseSkillText,
  parseSplitSkill,
} from "./parse-skill-text.js";
export type {
  ParsedSkill,
  ParseFileOptions,
  ParseMode,
  ParseResult,
  ParseTextOptions,
  ParseTextResult,
  SkillDocument,
} from "./parsed-skill.js";
export { HEAD_THREAD_MIN_FILES, type HeadThreadOptions, mapWithHeadsSync } from "./read-heads-in-runs.js";
export {
  type OpenAiYamlResult,
  openAiYamlPath,
  parseOpenAiYaml,
  readOpenAiYaml,
  readOpenAiYamlSync,
} from "./read-openai-yaml.js";
export { readSkillBody } from "./read-skill-body.js";
export {
  type ReadSkillTextOptions,
  type ReadSkillTextSyncOptions,
  readSkillText,
  readSkillTextSync,
  type SkillText,
  skillFileProblem,
} from "./read-skill-text.js";
export { repairYaml, type YamlRepair, type YamlRepairResult } from "./repair-yaml.js";
export { resolveInvocation } from "./resolve-invocation.js";
export {
  type FrontmatterSplit,
  type SplitOptions,
  splitFrontmatter,
  splitUnopenedFrontmatter,
} from "./split-frontmatter.js";
export { splitToolList } from "./split-tool-list.js";
export { suggestValidName } from "./suggest-valid-name.js";
