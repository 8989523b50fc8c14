/**
 * @module tools (public) — what hosts get from `@skillset/core/tools`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { createSkillTools } from "./create-skill-tools.js";
export type { SkillTool } from "./define-skill-tool.js";
export { resolveUsableSkill, type UsableSkill } from "./resolve-usable-skill.js";
export type { ToolResult } from "./tool-result.js";
export type { Authorization, ForkRequest, SkillToolName, SkillToolsContext } from "./tools-context.js";
