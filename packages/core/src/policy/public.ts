/**
 * @module policy (public) — what hosts get from `@skillset/core/policy`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { denialReason } from "./denial-reason.js";
export type { ImportedSettings, SkillOverride } from "./imported-settings.js";
export { describeOrigin, type PolicyRule, type RuleOrigin } from "./permission-rules.js";
export type { PermissionDecision, Permissions, PermissionTool } from "./permissions.js";
export {
  type ConfirmAnswer,
  type ConfirmRequest,
  type LoadPolicyOptions,
  loadPolicy,
  type Policy,
  type PolicyAuthorization,
} from "./policy.js";
export { type DependencyContext, missingDependencies, type SkillDependency } from "./skill-dependencies.js";
export type { SkillHook } from "./skill-hooks.js";
export { entriesWithOverrides, type Overrides } from "./skill-overrides.js";
export type { ToolPattern } from "./tool-pattern.js";
export {
  type FilteredTools,
  filterTools,
  type NarrowingMode,
  type ToolCallDecision,
  type ToolPolicy,
  toolPolicyFor,
} from "./tool-policy.js";
