/**
 * @module The CLI's messages for a skill name that names nothing or more than one skill, shared by
 * `show`, `enable`/`disable`, `pick` and the commands that take skill arguments or references.
 */
import { inertForTerminal } from "@skillset/core/model";
import { type RegistryEntry, type SkillRegistry, suggestSkills } from "@skillset/core/registry";
import { settleCopiesHint } from "./present-skill.js";

/**
 * The message for a name that matches nothing, with the near names when there are some; `also` goes
 * after the name (", and no file or folder at …").
 */
export function unknownSkillMessage(registry: SkillRegistry, name: string, also = ""): string {
  const near = suggestSkills(registry.entries(), name);
  const hint =
    near.length > 0 ? ` Did you mean ${near.join(", ")}?` : " Run `skillset list --all` to see every skill.";
  return inertForTerminal(`No skill named '${name}'${also}.${hint}`);
}

/** The message for an ambiguous name: every candidate's path, and how to pick one. */
export function ambiguousMessage(name: string, entries: readonly RegistryEntry[]): string {
  const paths = entries.map(
    (entry) => `  ${entry.skill.path} (${entry.skill.scope}, ${entry.skill.source.provider})`,
  );
  const inert = (text: string) => inertForTerminal(text);
  const settle = settleCopiesHint(entries).split("\n").map(inert).join("\n");
  return `'${inert(name)}' is ambiguous; it names ${entries.length} skills:\n${paths.map(inert).join("\n")}\nName one by its path, or rename all but one.${settle}`;
}
