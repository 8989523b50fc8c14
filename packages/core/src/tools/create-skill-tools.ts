/**
 * @module The four skill tools for a host (SPEC §10): `skill_search`, `skill_load`, `use_skill`, `skill_read`.
 */
import type { SkillTool } from "./define-skill-tool.js";
import { skillLoadTool } from "./skill-load-tool.js";
import { skillReadTool } from "./skill-read-tool.js";
import { skillSearchTool } from "./skill-search-tool.js";
import type { SkillToolsContext } from "./tools-context.js";
import { useSkillTool } from "./use-skill-tool.js";

/**
 * The tools, in a stable order. Build them again when the registry changes if the name enums should
 * follow (the handlers always use the current registry).
 *
 * @example
 * const tools = createSkillTools({ registry, tracker: createReloadTracker() });
 * const result = await tools[0].handler({ query: "write release notes from the git log" });
 */
export function createSkillTools(context: SkillToolsContext): SkillTool[] {
  return [skillSearchTool(context), skillLoadTool(context), useSkillTool(context), skillReadTool(context)];
}
