/**
 * @module validate — strict validation against the Agent Skills specification, lint rules beyond it, and
 * SARIF output (SPEC §4).
 */
export { ALLOWED_FIELDS } from "./allowed-fields.js";
export {
  type CollectedSkillFiles,
  type CollectOptions,
  collectSkillFiles,
  type SkillFileToCheck,
  VALIDATE_WALK_LIMITS,
  validateWalkLimits,
} from "./collect-skill-files.js";
export {
  type ExtensionFieldOptions,
  extensionFieldNotes,
  fieldsBeyondSpec,
  HONOURED_EXTENSION_FIELDS,
  isHonouredExtension,
} from "./extension-fields.js";
export { type FileReference, findReferences } from "./find-references.js";
export { lintPaths, lintSkillFiles } from "./lint-paths.js";
export { keyPosition, type LintContext, type LintRule, type LintTarget, lintKey } from "./lint-rule.js";
export { type LintOptions, type LintResult, lintSkills } from "./lint-skills.js";
export { type LintFile, type LoadedLintTarget, loadLintTarget } from "./load-lint-target.js";
export {
  type ReadSkillDocumentOptions,
  type ReadSkillDocumentResult,
  readSkillDocument,
  readSkillDocumentSync,
} from "./read-skill-document.js";
export type { RuleDescriptor } from "./rule-descriptor.js";
export { KNOWN_TOOLS } from "./rules/allowed-tools-form.js";
export { estimateTokens, MAX_BODY_LINES, MAX_BODY_TOKENS } from "./rules/body-too-long.js";
export { saysWhen } from "./rules/description-says-when.js";
export { BUILT_IN_HOST_COMMANDS } from "./rules/host-command-name.js";
export {
  allowedToolsForm,
  bodyTooLong,
  descriptionSaysWhen,
  duplicateName,
  hostCommandName,
  lintRules,
  missingReference,
  noXmlTags,
  referenceDepth,
  referenceLeavesSkill,
  reservedName,
  scriptNotExecutable,
} from "./rules/index.js";
export { BUNDLED_FOLDERS } from "./rules/missing-reference.js";
export { RESERVED_WORDS } from "./rules/reserved-name.js";
export { strictRules } from "./strict-rules.js";
export {
  SARIF_SCHEMA,
  type SarifLevel,
  type SarifLog,
  type SarifOptions,
  type SarifResult,
  type SarifRule,
  toSarif,
} from "./to-sarif.js";
export { type FrontmatterCheckOptions, validateFrontmatter } from "./validate-frontmatter.js";
export { type ValidatePathsOptions, validatePaths } from "./validate-paths.js";
export {
  type ValidateOptions,
  validateSkillDir,
  validateSkillFile,
  validateSkillFileSync,
} from "./validate-skill.js";
export { summarizeReports, type ValidationReport, type ValidationSummary } from "./validation-report.js";
