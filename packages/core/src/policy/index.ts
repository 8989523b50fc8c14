/**
 * @module policy — permissions on every path, the agents' own settings, invocation overrides, tool
 * narrowing, dependencies, hooks, trust and shell preprocessing (SPEC §9, §11).
 */

export { callHost, describeHostFailure, type HostCallResult } from "./call-host.js";
export { denialReason } from "./denial-reason.js";
export { findShellCommands, type ShellSite } from "./find-shell-commands.js";
export { type AgentSettingsLocation, importAgentSettings } from "./import-agent-settings.js";
export type { ImportedSettings, SkillOverride } from "./imported-settings.js";
export {
  checkPermissionRules,
  describeOrigin,
  type PolicyRule,
  type RuleOrigin,
} from "./permission-rules.js";
export {
  createPermissions,
  type PermissionDecision,
  type Permissions,
  type PermissionTool,
} from "./permissions.js";
export {
  type ConfirmAnswer,
  type ConfirmRequest,
  type LoadPolicyOptions,
  loadPolicy,
  type Policy,
  type PolicyAuthorization,
} from "./policy.js";
export { claudeSettingsFiles, claudeSkillGlob, readClaudeSettings } from "./read-claude-settings.js";
export { codexSettingsFiles, readCodexSettings } from "./read-codex-settings.js";
export { opencodeSettingsFiles, readOpencodeSettings } from "./read-opencode-settings.js";
export {
  createShellPreprocessor,
  type ShellPreprocessOptions,
  type ShellPreprocessor,
} from "./shell-preprocessor.js";
export {
  type DependencyContext,
  missingDependencies,
  type SkillDependency,
  skillDependencies,
} from "./skill-dependencies.js";
export { compileSkillGlob, escapeGlob, type SkillGlob } from "./skill-glob.js";
export { createHookRegistry, type HookRegistry, type SkillHook, skillHooks } from "./skill-hooks.js";
export { createOverrides, entriesWithOverrides, type Overrides } from "./skill-overrides.js";
export { mainArgument, parseToolPattern, type ToolPattern } from "./tool-pattern.js";
export {
  checkToolCall,
  type FilteredTools,
  filterTools,
  type NarrowingMode,
  SKILL_TOOL_NAMES,
  skillToolPatterns,
  type ToolCallDecision,
  type ToolPolicy,
  toolPolicyFor,
} from "./tool-policy.js";
export { DEFAULT_TRUSTED_SCOPES, isTrusted } from "./trust.js";
