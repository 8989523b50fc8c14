/**
 * @module loader (public) — what hosts get from `@skillset/core/loader`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export {
  type ParsedSkillUri,
  parseSkillUri,
  type SkillUri,
  type SkillUriError,
} from "../model/parse-skill-uri.js";
export { checkSkillFile, checkSkillFolder } from "./check-skill-folder.js";
export type { FindSkillOptions, FoundSkill, RegistryView } from "./find-skill.js";
export { listSkillFiles, type SkillFiles, type SkillFilesLimits } from "./list-skill-files.js";
export { type LoadedSkill, type LoadOptions, loadSkill, type PreprocessBody } from "./load-skill.js";
export { mediaType } from "./media-type.js";
export {
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
  renderPreloadedEnvelope,
} from "./render-envelope.js";
export { quoteArguments } from "./split-arguments.js";
export { decideUsableSkill, type UsableSkillAsker, type UsableSkillDecision } from "./usable-skill.js";
