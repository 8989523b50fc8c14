/**
 * @module What a catalog format provides to the renderer: the text around the list, one skill's text,
 * and the same skill's text split so that its description can be measured on its own.
 */
import type { Skill } from "../model/skill.js";

/** The catalog formats (SPEC §7). */
export type CatalogFormatName = "xml" | "markdown" | "context";

/**
 * A skill's text around its description: for any non-empty description `d`,
 * `skillText(skill, d) === before + lead + escape(d) + trail + after`. The budget counts `before`, `after`
 * and the description's words separately; `lead` is counted with the first word and `trail` with the last
 * word (or the ellipsis), because a tokenizer glues them together: ` word` after `name:`, `.\n` or `.</`
 * after a sentence.
 */
export interface SkillFrame {
  before: string;
  lead: string;
  trail: string;
  after: string;
}

/** One catalog format. Every function is pure; the same input gives the same text. */
export interface CatalogFormat {
  name: CatalogFormatName;
  /** Text before the first skill. `truncated` says whether anything was shortened or left out. */
  open(truncated: boolean): string;
  /** Text after the last skill, with the note naming how many skills were left out (when any). */
  close(omitted: number, listed: number): string;
  /** One skill's text; `description` is already shortened (maybe empty) but not yet escaped. */
  skillText(skill: Skill, description: string): string;
  /** `skillText` split around a non-empty description. */
  skillFrame(skill: Skill): SkillFrame;
  /** Escaping applied to description text (XML entities, or none). Works character by character. */
  escape(text: string): string;
}
