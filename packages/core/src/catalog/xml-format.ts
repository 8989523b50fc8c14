/**
 * @module The `xml` catalog format: the Agent Skills client format `<available_skills>`, laid out exactly
 * like the reference implementation (`skills-ref to-prompt`): every tag and every value on its own line.
 */
import type { Skill } from "../model/skill.js";
import type { CatalogFormat, SkillFrame } from "./catalog-format.js";
import { escapeXml } from "./escape-xml.js";
import { omittedNote } from "./read-prompt.js";

/** One `<skill>` of `<available_skills>`. */
export interface AvailableSkill {
  name: string;
  description: string;
  /** Absolute path of the skill's SKILL.md. */
  location: string;
}

function frame(name: string, location: string): SkillFrame {
  return {
    before: `<skill>\n<name>\n${escapeXml(name)}\n</name>\n<description>\n`,
    lead: "",
    trail: "\n",
    after: `</description>\n<location>\n${escapeXml(location)}\n</location>\n</skill>\n`,
  };
}

function skillBlock(skill: AvailableSkill): string {
  const { before, trail, after } = frame(skill.name, skill.location);
  return `${before}${escapeXml(skill.description)}${trail}${after}`;
}

/**
 * Renders `<available_skills>` for the given skills, in the given order, with no budget — what
 * `skillset to-prompt` prints. Every value is XML-escaped; no skills gives exactly
 * `<available_skills>\n</available_skills>`. No trailing newline.
 *
 * @example
 * formatAvailableSkills([{ name: "pdf", description: "Read PDFs.", location: "/s/pdf/SKILL.md" }])
 * // <available_skills>\n<skill>\n<name>\npdf\n</name>\n<description>\nRead PDFs.\n</description>\n…
 */
export function formatAvailableSkills(skills: readonly AvailableSkill[]): string {
  return `<available_skills>\n${skills.map(skillBlock).join("")}</available_skills>`;
}

/** The `xml` format for the budgeted catalog. The omitted note follows `</available_skills>` as text. */
export const xmlFormat: CatalogFormat = {
  name: "xml",
  open: () => "<available_skills>\n",
  close: (omitted) => (omitted > 0 ? `</available_skills>\n${omittedNote(omitted)}` : "</available_skills>"),
  skillText: (skill: Skill, description) =>
    skillBlock({ name: skill.qualifiedName, description, location: skill.path }),
  skillFrame: (skill) => frame(skill.qualifiedName, skill.path),
  escape: escapeXml,
};
