/**
 * @module `skill_read { uri }` (SPEC §9, §10): a file that comes with a skill, through `skill://`.
 */

import { stripControls } from "../model/inert-text.js";
import { parseSkillUri } from "../model/parse-skill-uri.js";
import * as s from "../model/schema/index.js";
import { exactSkillName } from "../registry/exact-skill-name.js";
import { defineSkillTool, type SkillTool } from "./define-skill-tool.js";
import { resolveUsableSkill } from "./resolve-usable-skill.js";
import { toolInput } from "./skill-input-schemas.js";
import { toolError, toolSuccess } from "./tool-result.js";
import type { SkillToolsContext } from "./tools-context.js";

/**
 * `skill_read`. Handler: `(input: { uri: string }) => Promise<ToolResult>`. Text files come back as
 * text (`data: { uri, path, mediaType, size }`), binary files are described, folders listed. Refused
 * (`path-refused`, `uri-invalid`, `not-a-file`, `file-too-large`, `file-not-found`): anything outside
 * the skill folder, `..`, encoded separators, NUL, absolute paths, links that lead out, pipes.
 */
export function skillReadTool(context: SkillToolsContext): SkillTool {
  const input = toolInput({
    uri: s
      .string()
      .describe("skill://<name> for SKILL.md, or skill://<name>/<relative path> for a file in the skill"),
  });
  return defineSkillTool({
    name: "skill_read",
    advertises: input,
    accepts: input,
    async run({ uri }) {
      const parsed = parseSkillUri(uri.trim());
      if (!parsed.ok) return toolError(parsed.error.code, parsed.error.message);
      const usable = await resolveUsableSkill(context, parsed.uri.name, "skill_read", "name");
      if (!usable.ok) return usable.result;
      const { skill } = usable.entry;
      const { readSkillFile } = await import("../loader/read-skill-file.js"); // on first use, as in load-for-tool.ts
      const content = await readSkillFile(skill, parsed.uri.segments, {
        uriName: exactSkillName(skill, context.registry.entries()),
        ...(context.fs ? { fs: context.fs } : {}),
      });
      const data = { uri: content.uri, path: content.path };
      // A remote skill's text reaches the model tagged with its origin, here as in `skill_load` (SPEC §16).
      const note = skill.origin ? (await import("../loader/render-envelope.js")).remoteOriginNote(skill) : "";
      if (content.kind === "folder") {
        const more = content.truncated ? "\n(more entries not listed)" : "";
        return toolSuccess(
          `${note}${content.uri} is a folder:\n${content.entries.map((name) => stripControls(name)).join("\n")}${more}`,
          { ...data, entries: content.entries },
        );
      }
      if (content.kind === "binary") {
        return toolSuccess(
          `${content.uri} is a binary file (${content.mediaType}, ${content.size} bytes); its content is not shown. Use a tool that reads ${content.mediaType} files, at ${content.path}.`,
          { ...data, mediaType: content.mediaType, size: content.size, binary: true },
        );
      }
      return toolSuccess(note + stripControls(content.text, { keepLines: true }), {
        ...data,
        mediaType: content.mediaType,
        size: content.size,
      });
    },
  });
}
