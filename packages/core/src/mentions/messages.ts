/**
 * @module Every text the mentions stage shows a person (SPEC §8 table, word for word). Hosts and tests
 * import these functions so the wording lives in one place. Command names in hints are host-configurable
 * (`mentions.listCommand`, `mentions.enableCommand`).
 */

/** Joins `["a", "b", "c"]` as `a, b or c` (and `["a", "b"]` as `a or b`). */
function joinWithOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** `No skill named 'nope'. Run /skill list to see available skills.` */
export function notFoundMessage(id: string, listCommand: string): string {
  return `No skill named '${id}'. Run ${listCommand} to see available skills.`;
}

/**
 * `$debugging matched 3 skills: a, b, ns:c — use $ns:c.`
 * @param written the mention as the writer typed it, sigil included (`$debugging`, `/debugging`).
 * @param count how many skills matched (the list may be shortened).
 * @param candidates each candidate's qualified name, or its path when names collide.
 * @param suggestion an id that names exactly one of them, sigil included.
 */
export function ambiguousMessage(
  written: string,
  count: number,
  candidates: readonly string[],
  suggestion: string,
): string {
  const more = count > candidates.length ? ` and ${count - candidates.length} more` : "";
  return `${written} matched ${count} skills: ${candidates.join(", ")}${more} — use ${suggestion}.`;
}

/** `No exact skill 'systematic-debug'. Did you mean $systematic-debugging?` */
export function suggestionMessage(id: string, suggestion: string): string {
  return `No exact skill '${id}'. Did you mean ${suggestion}?`;
}

/** `Skill 'aleph' is disabled. Enable it with /skill enable aleph.` */
export function disabledMessage(name: string, enableCommand: string, enableArgument = name): string {
  return `Skill '${name}' is disabled. Enable it with ${enableCommand} ${enableArgument}.`;
}

/** `Choose one skill to lead this turn: $a or $b.` (three or more: `$a, $b or $c`). */
export function chooseOneMessage(ids: readonly string[]): string {
  return `Choose one skill to lead this turn: ${joinWithOr(ids)}.`;
}

/** For a person (or the palette) naming a skill with `user-invocable: false`. */
export function modelOnlyMessage(name: string): string {
  return `Skill '${name}' can only be used by the model.`;
}

/** For anyone naming a skill that neither the user nor the model may invoke. */
export function notInvocableMessage(name: string): string {
  return `Skill '${name}' can be invoked by neither the user nor the model: it sets \`user-invocable: false\` and turns model invocation off (\`disable-model-invocation: true\`). Remove one of the two to use it.`;
}

/** For the model naming a skill with `disable-model-invocation: true`. */
export function userOnlyMessage(name: string): string {
  return `Skill '${name}' can only be invoked by the user.`;
}

/**
 * For a skill that a permission rule denies (SPEC §11): refused on every path. `why` names the rule and
 * the file it is written in, when the host's policy says.
 */
export function deniedMessage(name: string, why?: string): string {
  return `Skill '${name}' is denied by ${why ?? "a permission rule"} and cannot be used.`;
}

/** For `[$label](target)` whose target is no known skill. */
export function linkInvalidMessage(target: string, label: string): string {
  return `No skill at '${target}' (linked as $${label}). Link to a skill's SKILL.md or its folder.`;
}

/** The visible line shown for each activated skill. */
export function usingSkillLine(qualifiedName: string): string {
  return `Using skill: ${qualifiedName}`;
}
