/**
 * @module validate (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { ALLOWED_FIELDS } from "./allowed-fields.js";
export { VALIDATE_WALK_LIMITS } from "./collect-skill-files.js";
export {
  type ExtensionFieldOptions,
  extensionFieldNotes,
  fieldsBeyondSpec,
  HONOURED_EXTENSION_FIELDS,
  isHonouredExtension,
} from "./extension-fields.js";
export { type FileReference, findReferences } from "./find-references.js";
export { keyPosition, lintKey } from "./lint-rule.js";
export { type LoadedLintTarget, loadLintTarget } from "./load-lint-target.js";
export { KNOWN_TOOLS } from "./rules/allowed-tools-form.js";
export { estimateTokens, MAX_BODY_LINES, MAX_BODY_TOKENS } from "./rules/body-too-long.js";
export { saysWhen } from "./rules/description-says-when.js";
export { BUILT_IN_HOST_COMMANDS } from "./rules/host-command-name.js";
export {
  allowedToolsForm,
  bodyTooLong,
  descriptionSaysWhen,
  duplicateName,
  hostCommandName,
  missingReference,
  noXmlTags,
  referenceDepth,
  referenceLeavesSkill,
  reservedName,
  scriptNotExecutable,
} from "./rules/index.js";
export { BUNDLED_FOLDERS } from "./rules/missing-reference.js";
export { RESERVED_WORDS } from "./rules/reserved-name.js";
export { SARIF_SCHEMA } from "./to-sarif.js";
export { validateSkillFile, validateSkillFileSync } from "./validate-skill.js";
