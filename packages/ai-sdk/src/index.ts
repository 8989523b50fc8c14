/**
 * @module @skillset/ai-sdk — Agent Skills for apps on the Vercel AI SDK (SPEC §13): the skill tools as AI
 * SDK tools, the catalog for the system prompt, a `$mention` preprocessor and forks as nested generations.
 */
export { type AiSkills, type AiSkillsOptions, createAiSkills } from "./create-ai-skills.js";
export { type PreparedMessages, prepareMessages } from "./prepare-messages.js";
export { type ForkOutcome, type ForkSettings, runFork } from "./run-fork.js";
export { type SkillAiTool, type SkillAiTools, toAiTools } from "./to-ai-tools.js";
