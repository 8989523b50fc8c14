/**
 * @module tools (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { defineSkillTool, type SkillToolParts } from "./define-skill-tool.js";
export { skillLoadTool } from "./skill-load-tool.js";
export { skillReadTool } from "./skill-read-tool.js";
export { skillSearchTool } from "./skill-search-tool.js";
export { toolError, toolSuccess } from "./tool-result.js";
export { useSkillTool } from "./use-skill-tool.js";
