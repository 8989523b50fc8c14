/**
 * @module `use_skill { skill, args? }` (SPEC §10, seed 002): inline skills come back as their rendered
 * instructions; `context: fork` skills are handed to the host as a subagent task.
 */
import { defineSkillTool, type SkillTool } from "./define-skill-tool.js";
import { loadedData, loadForTool, loadOptionsOf } from "./load-for-tool.js";
import { resolveUsableSkill } from "./resolve-usable-skill.js";
import { skillArgsSchema, skillNameSchema, toolInput } from "./skill-input-schemas.js";
import { skillNameEnum } from "./skill-names.js";
import { toolError, toolSuccess } from "./tool-result.js";
import type { SkillToolsContext } from "./tools-context.js";

/**
 * `use_skill`. Handler: `(input: { skill: string; args?: string | string[] }) => Promise<ToolResult>`.
 * Inline: the `tool` envelope (as `skill_load`). `context: fork`: calls `context.fork` and returns
 * `data: { taskId, status: "spawned" }`; a host without `fork` gets the instructions inline with a note.
 */
export function useSkillTool(context: SkillToolsContext): SkillTool {
  const names = skillNameEnum(context);
  const accepts = toolInput({ skill: skillNameSchema(), args: skillArgsSchema });
  return defineSkillTool({
    name: "use_skill",
    advertises: names ? toolInput({ ...accepts.shape, skill: skillNameSchema(names) }) : accepts,
    accepts,
    async run(input) {
      const key = input.skill.trim();
      if (key === "") return toolError("invalid-input", 'Give the skill\'s name: { "skill": "pdf" }.');
      const usable = await resolveUsableSkill(context, key, "use_skill");
      if (!usable.ok) return usable.result;
      const { skill } = usable.entry;
      if (skill.frontmatter.context !== "fork") return loadForTool(context, usable.entry, input.args);
      if (!context.fork) {
        const inline = await loadForTool(context, usable.entry, input.args);
        return {
          ...inline,
          text: `Skill '${skill.qualifiedName}' is meant to run as a subagent task, which this host cannot start; follow it here instead.\n${inline.text}`,
        };
      }
      // A subagent starts with a fresh context: the body is always sent, never suppressed.
      const { tracker: _none, ...options } = loadOptionsOf(context, usable.entry, input.args);
      const { loadSkill } = await import("../loader/load-skill.js"); // on first use, as in load-for-tool.ts
      const loaded = await loadSkill(skill, options);
      const { taskId } = await context.fork({
        skill,
        body: loaded.body,
        args: loaded.args,
        ...(skill.frontmatter.agent === undefined ? {} : { agent: skill.frontmatter.agent }),
        ...(skill.frontmatter.model === undefined ? {} : { model: skill.frontmatter.model }),
      });
      return toolSuccess(
        `Skill '${skill.qualifiedName}' is running as subagent task ${taskId}; its result comes back when the task ends.`,
        { ...loadedData(loaded), taskId, status: "spawned" },
      );
    },
  });
}
