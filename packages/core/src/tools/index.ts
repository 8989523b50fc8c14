/**
 * @module tools — the model's skill tools (SPEC §10): each an input schema, its JSON Schema, a
 * description from `prompts/`, and a handler that returns a result and never throws.
 */
export { createSkillTools } from "./create-skill-tools.js";
export { defineSkillTool, type SkillTool, type SkillToolParts } from "./define-skill-tool.js";
export { resolveUsableSkill, type UsableSkill } from "./resolve-usable-skill.js";
export { skillLoadTool } from "./skill-load-tool.js";
export { skillReadTool } from "./skill-read-tool.js";
export { skillSearchTool } from "./skill-search-tool.js";
export { type ToolResult, toolError, toolSuccess } from "./tool-result.js";
export type { Authorization, ForkRequest, SkillToolName, SkillToolsContext } from "./tools-context.js";
export { useSkillTool } from "./use-skill-tool.js";
