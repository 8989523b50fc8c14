/**
 * @module mentions (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export type { MentionKind } from "./mention.js";
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
export { canStartDollar, canStartUri, messageStart } from "./scan-mentions.js";
export { hasEnvironmentShape, isShellVariable } from "./shell-variables.js";
export { isInUrl } from "./url-token-end.js";
