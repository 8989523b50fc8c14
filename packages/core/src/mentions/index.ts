/**
 * @module Mentions and commands (SPEC §8): find `$name`, `[$name](path)`, `/name args` and `skill://`
 * in a message, and resolve them against the registry into activations, diagnostics and the task text.
 */
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
  notInvocableMessage,
  suggestionMessage,
  userOnlyMessage,
  usingSkillLine,
} from "./messages.js";
export { isInCode } from "./prose-paragraphs.js";
export { codePointBefore, isIdCodePoint, isLetter, readMentionId } from "./read-mention-id.js";
export { removeMentions } from "./remove-mentions.js";
export {
  type Activation,
  type MentionDiagnostic,
  type MentionResolution,
  type MentionSource,
  type ResolveMentionsOptions,
  resolveMentions,
  type SkillReference,
} from "./resolve-mentions.js";
export { canStartDollar, canStartUri, messageStart, scanMentions } from "./scan-mentions.js";
export { hasEnvironmentShape, isShellVariable } from "./shell-variables.js";
export { isInUrl } from "./url-token-end.js";
