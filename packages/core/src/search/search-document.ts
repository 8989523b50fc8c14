/**
 * @module What the search index holds for one skill (SPEC §10): its names, description, the
 * `when_to_use` / tags / keywords fields some ecosystems add, and the body's headings when known.
 */
import type { Skill } from "../model/skill.js";
import { triggerText } from "./trigger-text.js";

/**
 * One skill's text for the index. `id` is the skill's id (its SKILL.md's real path); skills of the same text
 * share one document in the index, under their group's id (`document-groups.ts`).
 */
export interface SearchDocument {
  id: string;
  /** The qualified name; the tokenizer splits them on `-`, `_`, `:` and camelCase. */
  name: string;
  description: string;
  /**
   * `when_to_use`, `tags`, `keywords` (frontmatter or metadata), Codex's display name and short
   * description, and the description's own trigger text ("Use when …", "Triggers: …", quoted phrases).
   */
  keywords: string;
  /** Markdown headings of the body, when a heading reader was given. */
  headings: string;
}

const KEYWORD_KEYS = ["when_to_use", "when-to-use", "whenToUse", "tags", "keywords", "triggers"];

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string").join(" ");
  return "";
}

/** The keyword text of `skill`: every extra field that says what the skill is for. */
export function skillKeywords(skill: Skill): string {
  const { extra, metadata } = skill.frontmatter;
  const parts: string[] = [];
  for (const key of KEYWORD_KEYS) {
    parts.push(textOf(extra[key]));
    if (metadata) parts.push(textOf(metadata[key]));
  }
  const face = skill.openai?.interface;
  if (face) parts.push(face.displayName ?? "", face.shortDescription ?? "");
  parts.push(triggerText(skill.description));
  return parts.filter((part) => part !== "").join(" ");
}

/** The document for `skill`; `headings` is the body's headings joined (or ""). */
export function searchDocument(skill: Skill, headings = ""): SearchDocument {
  return {
    id: skill.id,
    name: skill.qualifiedName,
    description: skill.description,
    keywords: skillKeywords(skill),
    headings,
  };
}
