/**
 * @module `skill_load { name?, path?, args? }` (SPEC §10): a skill's instructions in the `tool` envelope.
 */
import * as s from "../model/schema/index.js";
import { defineSkillTool, type SkillTool } from "./define-skill-tool.js";
import { loadForTool } from "./load-for-tool.js";
import { resolveUsableSkill } from "./resolve-usable-skill.js";
import { skillArgsSchema, skillNameSchema, toolInput } from "./skill-input-schemas.js";
import { skillNameEnum } from "./skill-names.js";
import { toolError } from "./tool-result.js";
import type { SkillToolsContext } from "./tools-context.js";

/**
 * `skill_load`. Handler: `(input: { name?: string; path?: string; args?: string | string[] }) => Promise<ToolResult>`.
 * A path wins over a name; a unique name resolves; an ambiguous name lists candidate paths
 * (`skill-ambiguous`, `data.candidates`); an unknown name suggests near names (`skill-not-found`,
 * `data.suggestions`). A skill already loaded in the session (same file version, same arguments)
 * returns a short reminder (`data.suppressed: true`).
 */
export function skillLoadTool(context: SkillToolsContext): SkillTool {
  const names = skillNameEnum(context);
  const accepts = toolInput({
    name: s.optional(skillNameSchema()),
    path: s.optional(s.string()).describe("Absolute path of the skill's SKILL.md (wins over name)"),
    args: skillArgsSchema,
  });
  return defineSkillTool({
    name: "skill_load",
    advertises: names ? toolInput({ ...accepts.shape, name: s.optional(skillNameSchema(names)) }) : accepts,
    accepts,
    async run({ name, path, args }) {
      const byPath = path !== undefined && path.trim() !== "";
      const key = byPath ? path : name?.trim();
      if (key === undefined || key === "") {
        return toolError(
          "invalid-input",
          'Give the skill\'s name ({ "name": "pdf" }) or its SKILL.md path ({ "path": "/…/SKILL.md" }).',
        );
      }
      const usable = await resolveUsableSkill(context, key, "skill_load", byPath ? "path" : undefined);
      if (!usable.ok) return usable.result;
      return loadForTool(context, usable.entry, args);
    },
  });
}
