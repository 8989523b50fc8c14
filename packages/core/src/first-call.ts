/**
 * @module The root's asynchronous functions whose stages load on their first call: importing
 * `@skillset/core` then parses the registry's closure and what a host calls synchronously (the catalog,
 * mentions, the parser), not the session, policy, audit, validation and loader stages (~400 KB, about
 * half of the root's import time). Each is the stage's own function, same arguments, same result; hosts
 * that import the stage's subpath (`@skillset/core/session`, …) get it directly.
 */
import type { FindSkillOptions, FoundSkill, RegistryView } from "./loader/find-skill.js";
import type { LoadedSkill, LoadOptions } from "./loader/load-skill.js";
import type { ReadSkillFileOptions, SkillFileContent } from "./loader/read-skill-file.js";
import type { Skill } from "./model/skill.js";
import type { CreateSkillsetOptions, Skillset } from "./session/create-skillset.js";
import type { ValidatePathsOptions } from "./validate/validate-paths.js";
import type { ValidationReport } from "./validate/validation-report.js";

/**
 * Loads the registry and the policy for `cwd`: `createSkillset` of `@skillset/core/session`.
 * @example
 * const skills = await createSkillset({ cwd: process.cwd() });
 * const session = skills.session({ contextWindow: 200_000, host: { confirm: async () => true } });
 */
export async function createSkillset(options: CreateSkillsetOptions): Promise<Skillset> {
  return (await import("./session/create-skillset.js")).createSkillset(options);
}

/**
 * Validates skill folders, SKILL.md files or folders of skills: `validatePaths` of
 * `@skillset/core/validate`.
 * @example
 * const reports = await validatePaths(["skills/"]); // strict, like `skillset validate --strict`
 */
export async function validatePaths(
  paths: readonly string[],
  options?: ValidatePathsOptions,
): Promise<ValidationReport[]> {
  return (await import("./validate/validate-paths.js")).validatePaths(paths, options);
}

/**
 * Finds a skill by name or path through the registry: `findSkill` of `@skillset/core/loader`.
 * @example
 * const found = await findSkill(registry, "pdf");
 */
export async function findSkill(
  registry: RegistryView,
  key: string,
  options?: FindSkillOptions,
): Promise<FoundSkill> {
  return (await import("./loader/find-skill.js")).findSkill(registry, key, options);
}

/**
 * Loads a skill's instructions for the model: `loadSkill` of `@skillset/core/loader`.
 * @example
 * const loaded = await loadSkill(entry.skill, { args: "PR 42", envelope: "tool", tracker });
 */
export async function loadSkill(skill: Skill, options?: LoadOptions): Promise<LoadedSkill> {
  return (await import("./loader/load-skill.js")).loadSkill(skill, options);
}

/**
 * Reads a file inside a skill's folder, checked at read time: `readSkillFile` of `@skillset/core/loader`.
 * @example const file = await readSkillFile(skill, ["references", "forms.md"]);
 */
export async function readSkillFile(
  skill: Skill,
  segments: readonly string[],
  options?: ReadSkillFileOptions,
): Promise<SkillFileContent> {
  return (await import("./loader/read-skill-file.js")).readSkillFile(skill, segments, options);
}
