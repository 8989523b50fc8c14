/**
 * @module The text a completion inserts: the shortest id that resolves to exactly this skill (SPEC §8
 * resolution: bare name, then `ns:name`), and a linked mention `[$name](path)` when no name does —
 * where the path decides, so even a skill whose name is ambiguous can be mentioned.
 */
import { isShellVariable } from "../mentions/index.js";
import { findById, type SkillLookup } from "../registry/index.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import type { CursorToken } from "./find-token-at.js";

/** What to insert for one skill, and whether no name reaches it. */
export interface InsertText {
  text: string;
  /** True when neither the bare nor the qualified name resolves to this skill alone (SPEC §8). */
  ambiguous: boolean;
}

/** `[$name](path)`, with `<…>` around a path holding spaces or parentheses. */
export function linkedMention(entry: RegistryEntry): string {
  const { name, path } = entry.skill;
  return /[\s()<>]/.test(path) ? `[$${name}](<${path}>)` : `[$${name}](${path})`;
}

function resolvesTo(lookup: SkillLookup, id: string, entry: RegistryEntry): boolean {
  const match = findById(lookup, id);
  return match.kind === "found" && match.entry === entry;
}

/** The insert text for `entry` in a token of this form. */
export function insertText(token: CursorToken, entry: RegistryEntry, lookup: SkillLookup): InsertText {
  const { skill } = entry;
  // `$home` is a shell variable, never a mention: such a skill is reached by its qualified name or a link.
  const bareUsable = !(token.form === "dollar" && isShellVariable(skill.name));
  const id =
    bareUsable && resolvesTo(lookup, skill.name, entry)
      ? skill.name
      : skill.namespace && resolvesTo(lookup, skill.qualifiedName, entry)
        ? skill.qualifiedName
        : undefined;
  const ambiguous = id === undefined;
  if (token.form === "linked" || (ambiguous && token.form === "dollar")) {
    return { text: linkedMention(entry), ambiguous };
  }
  return { text: token.prefix + (id ?? skill.qualifiedName), ambiguous };
}
