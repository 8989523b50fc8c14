/**
 * @module The state's canonical form: empty, normalised, serialised. Apart from the schema, which is loaded
 * only when a state file exists to be checked.
 */
import type { PermissionAnswer, SkillsetState } from "./state-schema.js";

/** The state of a layer with no file. */
export function emptyState(): SkillsetState {
  return { version: 1, disabled: [], enabled: [] };
}

/**
 * Sorts and de-duplicates both lists, and drops from `enabled` any key that is also `disabled` (a
 * contradiction resolves to off, the safe side). Same settings, same bytes on disk.
 */
export function normalizeState(state: SkillsetState): SkillsetState {
  const disabled = [...new Set(state.disabled)].sort();
  const off = new Set(disabled);
  const enabled = [...new Set(state.enabled)].filter((key) => !off.has(key)).sort();
  const answers = normalizeAnswers(state.answers ?? []);
  return answers.length > 0 ? { version: 1, disabled, enabled, answers } : { version: 1, disabled, enabled };
}

/** One answer per skill and tool (the last given wins), sorted by skill then tool. */
function normalizeAnswers(answers: readonly PermissionAnswer[]): PermissionAnswer[] {
  const byKey = new Map<string, PermissionAnswer>();
  for (const answer of answers) {
    byKey.set(JSON.stringify([answer.skill, answer.tool]), {
      skill: answer.skill,
      tool: answer.tool,
      action: answer.action,
    });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, answer]) => answer);
}

/** The text written to `state.json`: normalised, two-space JSON with a final newline. */
export function serializeState(state: SkillsetState): string {
  return `${JSON.stringify(normalizeState(state), null, 2)}\n`;
}
