/**
 * @module loader — skill bodies with arguments, the three envelopes, reload suppression, and the files
 * that come with a skill through `skill://` (SPEC §9). Loading never runs anything.
 */

export {
  type ParsedSkillUri,
  parseSkillUri,
  type SkillUri,
  type SkillUriError,
} from "../model/parse-skill-uri.js";
export { checkSkillFile, checkSkillFolder } from "./check-skill-folder.js";
export {
  type FindSkillOptions,
  type FoundSkill,
  findSkill,
  type RegistryView,
} from "./find-skill.js";
export { listSkillFiles, type SkillFiles, type SkillFilesLimits } from "./list-skill-files.js";
export { type LoadedSkill, type LoadOptions, loadSkill, type PreprocessBody } from "./load-skill.js";
export { mediaType } from "./media-type.js";
export {
  MAX_SKILL_READ_BYTES,
  type ReadSkillFileOptions,
  readSkillFile,
  type SkillFileContent,
  skillUri,
} from "./read-skill-file.js";
export { createReloadTracker, type LoadKey, type ReloadTracker } from "./reload-tracker.js";
export {
  ENVELOPES,
  type EnvelopeName,
  type RenderedBody,
  renderMessageEnvelope,
  renderPreloadedEnvelope,
  renderReloadReminder,
  renderToolEnvelope,
} from "./render-envelope.js";
export { splitArguments } from "./split-arguments.js";
export { type Substituted, type SubstitutionValues, substituteArguments } from "./substitute-arguments.js";
export {
  decideUsableSkill,
  modelMaySee,
  type UsableSkillAsker,
  type UsableSkillDecision,
} from "./usable-skill.js";
