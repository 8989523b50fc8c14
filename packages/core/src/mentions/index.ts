/**
 * @module Mentions and commands (SPEC §8): find `$name`, `[$name](path)`, `/name args` and `skill://`
 * in a message, and resolve them against the registry into activations, diagnostics and the task text.
 */
export { findCodeSpans } from "./find-code-spans.js";
export type {
  DollarMention,
  LinkedMention,
  Mention,
  MentionKind,
  MentionSpan,
  SlashMention,
  UriMention,
} from "./mention.js";
export {
  ambiguousMessage,
  chooseOneMessage,
  deniedMessage,
  disabledMessage,
  linkInvalidMessage,
  modelOnlyMessage,
  notFoundMessage,
  suggestionMessage,
  userOnlyMessage,
  usingSkillLine,
} from "./messages.js";
export { removeMentions } from "./remove-mentions.js";
export { type LinkTarget, resolveLinkTarget } from "./resolve-link-target.js";
export {
  type Activation,
  type MentionDiagnostic,
  type MentionResolution,
  type MentionSource,
  type ResolveMentionsOptions,
  resolveMentions,
  type SkillReference,
} from "./resolve-mentions.js";
export { scanMentions } from "./scan-mentions.js";
export { COMMON_ENVIRONMENT_NAMES, isShellVariable } from "./shell-variables.js";
export { editDistanceWithin, suggestNames } from "./suggest-names.js";
