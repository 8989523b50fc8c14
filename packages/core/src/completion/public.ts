/**
 * @module completion (public) — what hosts get from `@skillset/core/completion`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
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
export type { TokenForm } from "./find-token-at.js";
export type { MatchKind } from "./match-name.js";
