/**
 * @module loader (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { findSkill } from "./find-skill.js";
export { MAX_SKILL_READ_BYTES } from "./read-limit.js";
export { renderMessageEnvelope, renderReloadReminder, renderToolEnvelope } from "./render-envelope.js";
export { splitArguments } from "./split-arguments.js";
export { type Substituted, type SubstitutionValues, substituteArguments } from "./substitute-arguments.js";
export { modelMaySee } from "./usable-skill.js";
