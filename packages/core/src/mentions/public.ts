/**
 * @module mentions (public) — what hosts get from `@skillset/core/mentions`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export type {
  DollarMention,
  LinkedMention,
  Mention,
  MentionSpan,
  SlashMention,
  UriMention,
} from "./mention.js";
export {
  type Activation,
  type MentionDiagnostic,
  type MentionResolution,
  type MentionSource,
  type ResolveMentionsOptions,
  resolveMentions,
  type SkillReference,
} from "./resolve-mentions.js";
export { type ScanMentionsOptions, scanMentions } from "./scan-mentions.js";
