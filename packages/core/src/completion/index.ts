/**
 * @module Completion (seed 000 slice 2, SPEC §8): the skill names a composer offers for the `$name`,
 * `[$name`, `/name` or `skill://name` token under the cursor, ranked, with what to insert and what to
 * highlight. UI-free; fast enough to call on every keystroke.
 */
export {
  type CompleteMentionOptions,
  completeMention,
  type MentionCandidate,
  type MentionCompletion,
  type RankedSkill,
  type RankSkillsOptions,
  rankSkills,
} from "./complete-mention.js";
export { type CursorToken, findTokenAt, type TokenForm } from "./find-token-at.js";
export type { MatchKind } from "./match-name.js";
