/**
 * @module The part of a description that says when to use a skill (SPEC §10): the "Use when …" clause
 * (and its kin: "Activate when", "TRIGGER when", "Use for", "Use this skill when"), "Triggers:" and
 * "Keywords:" lists, and phrases quoted as what a person would say ("more ads"). Indexed again beside the
 * description, so a request that matches the skill's own triggers ranks above one that only shares words
 * with what the skill is.
 */

const CLAUSES =
  /\b(?:use|used|activate|invoke|trigger(?:ed)?|apply)\s+(?:(?:this|the)\s+skill\s+|it\s+)?(?:when(?:ever)?|for|if|on)\b[:\s]*([^.;\n]*)/gi;
const LISTS = /\b(?:triggers?|keywords?|trigger on)\s*:\s*([^.\n]*)/gi;
const QUOTED = /["“'](?<phrase>[^"”'\n]{3,80})["”']/g;

/** The trigger text of `description` ("" when it has none). */
export function triggerText(description: string): string {
  const parts: string[] = [];
  for (const match of description.matchAll(CLAUSES)) if (match[1]) parts.push(match[1]);
  for (const match of description.matchAll(LISTS)) if (match[1]) parts.push(match[1]);
  for (const match of description.matchAll(QUOTED)) if (match.groups?.phrase) parts.push(match.groups.phrase);
  return parts.join(" ");
}
