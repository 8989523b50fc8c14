/**
 * @module The `context` catalog format (seed 003 §6.1): `<skills_context truncated="…">` holding the usage
 * rules (from `prompts/catalog-context.md`), the `<skills_catalog>` list, and the omitted note.
 */
import type { Skill } from "../model/skill.js";
import type { CatalogFormat, SkillFrame } from "./catalog-format.js";
import { escapeXml } from "./escape-xml.js";
import { omittedNote, readPrompt } from "./read-prompt.js";

function frame(skill: Skill): SkillFrame {
  return {
    before: `<skill>\n<name>${escapeXml(skill.qualifiedName)}</name>\n<description>`,
    lead: "",
    trail: "</",
    after: `description>\n<path>${escapeXml(skill.path)}</path>\n<scope>${skill.scope}</scope>\n</skill>\n`,
  };
}

/** The `context` format: `truncated="true"` when any description was shortened or any skill left out. */
export const contextFormat: CatalogFormat = {
  name: "context",
  open: (truncated) =>
    `<skills_context truncated="${truncated}">\n${readPrompt("catalog-context.md")}\n<skills_catalog>\n`,
  close(omitted) {
    const note =
      omitted > 0
        ? `<skills_omitted count="${omitted}">${escapeXml(omittedNote(omitted))}</skills_omitted>\n`
        : "";
    return `</skills_catalog>\n${note}</skills_context>`;
  },
  skillText(skill, description) {
    const { before, trail, after } = frame(skill);
    return `${before}${escapeXml(description)}${trail}${after}`;
  },
  skillFrame: frame,
  escape: escapeXml,
};
