/**
 * @module parser (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { KNOWN_FRONTMATTER_KEYS } from "./build-frontmatter.js";
export { checkCompatibility, checkDescription, SPEC_FIELD_CODES } from "./check-spec-fields.js";
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
} from "./parse-limits.js";
export { type ParsedWithStat, parseSkillFileWithStatSync } from "./parse-skill-file.js";
export {
  type LocatedFrontmatter,
  locateFrontmatter,
  parseSplitSkill,
  readFrontmatter,
} from "./parse-skill-text.js";
export { HEAD_THREAD_MIN_FILES, mapWithHeadsSync } from "./read-heads-in-runs.js";
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
export { splitUnopenedFrontmatter } from "./split-frontmatter.js";
export { splitToolList } from "./split-tool-list.js";
