/**
 * @module policy (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { callHost, describeHostFailure, type HostCallResult } from "./call-host.js";
export { findShellCommands, type ShellSite } from "./find-shell-commands.js";
export { type AgentSettingsLocation, importAgentSettings } from "./import-agent-settings.js";
export { checkPermissionRules } from "./permission-rules.js";
export { createPermissions } from "./permissions.js";
export { claudeSettingsFiles, claudeSkillGlob, readClaudeSettings } from "./read-claude-settings.js";
export { codexSettingsFiles, readCodexSettings } from "./read-codex-settings.js";
export { opencodeSettingsFiles, readOpencodeSettings } from "./read-opencode-settings.js";
export {
  createShellPreprocessor,
  type ShellPreprocessOptions,
  type ShellPreprocessor,
} from "./shell-preprocessor.js";
export { skillDependencies } from "./skill-dependencies.js";
export { compileSkillGlob, escapeGlob, type SkillGlob } from "./skill-glob.js";
export { createHookRegistry, type HookRegistry, skillHooks } from "./skill-hooks.js";
export { createOverrides } from "./skill-overrides.js";
export { mainArgument, parseToolPattern } from "./tool-pattern.js";
export { checkToolCall, SKILL_TOOL_NAMES, skillToolPatterns } from "./tool-policy.js";
export { DEFAULT_TRUSTED_SCOPES, isTrusted } from "./trust.js";
