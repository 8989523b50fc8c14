/**
 * @module validate (public) — what hosts get from `@skillset/core/validate`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export {
  type CollectedSkillFiles,
  type CollectOptions,
  collectSkillFiles,
  type SkillFileToCheck,
  validateWalkLimits,
} from "./collect-skill-files.js";
export { lintPaths, lintSkillFiles } from "./lint-paths.js";
export type { LintContext, LintRule, LintTarget } from "./lint-rule.js";
export { type LintOptions, type LintResult, lintSkills } from "./lint-skills.js";
export type { LintFile } from "./load-lint-target.js";
export {
  type ReadSkillDocumentOptions,
  type ReadSkillDocumentResult,
  readSkillDocument,
  readSkillDocumentSync,
} from "./read-skill-document.js";
export type { RuleDescriptor } from "./rule-descriptor.js";
export { lintRules } from "./rules/index.js";
export { strictRules } from "./strict-rules.js";
export {
  type SarifLevel,
  type SarifLog,
  type SarifOptions,
  type SarifResult,
  type SarifRule,
  toSarif,
} from "./to-sarif.js";
export { type FrontmatterCheckOptions, validateFrontmatter } from "./validate-frontmatter.js";
export { type ValidatePathsOptions, validatePaths } from "./validate-paths.js";
export { type ValidateOptions, validateSkillDir } from "./validate-skill.js";
export { summarizeReports, type ValidationReport, type ValidationSummary } from "./validation-report.js";
