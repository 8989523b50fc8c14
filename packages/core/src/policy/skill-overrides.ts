/**
 * @module The invocation matrix (SPEC §11) with the agents' per-skill overrides applied:
 * `disable-model-invocation: true` → only a person can invoke it and the model never sees it;
 * `user-invocable: false` → hidden from commands and completion, model-only; Claude Code's
 * `skillOverrides` `user-invocable-only` hides a skill from the model, `name-only` lists it without its
 * description.
 */
import type { Invocation, Skill } from "../model/skill.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import type { SkillOverride } from "./imported-settings.js";
import { compileSkillGlob } from "./skill-glob.js";

/** Per-skill overrides, compiled. */
export interface Overrides {
  /** Who may invoke `skill` once overrides apply. */
  invocation(skill: Skill): Invocation;
  /** True when the catalog lists the skill by name only. */
  nameOnly(skill: Skill): boolean;
  /** `skill` as the catalog should see it: invocation and description adjusted; the same object when unchanged. */
  apply(skill: Skill): Skill;
}

/** Compiles overrides; the last one naming a skill wins. */
export function createOverrides(overrides: readonly SkillOverride[], home: string): Overrides {
  const compiled = overrides.map((override) => ({
    override,
    matches: compileSkillGlob(override.skill, home),
  }));
  const modeOf = (skill: Skill) => compiled.findLast(({ matches }) => matches(skill))?.override.mode;
  const invocation = (skill: Skill): Invocation =>
    modeOf(skill) === "user-invocable-only" ? { ...skill.invocation, model: false } : skill.invocation;
  const nameOnly = (skill: Skill) => modeOf(skill) === "name-only";
  return {
    invocation,
    nameOnly,
    apply(skill) {
      const mode = modeOf(skill);
      if (mode === undefined || mode === "on") return skill;
      if (mode === "name-only") return { ...skill, description: "" };
      return { ...skill, invocation: invocation(skill) };
    },
  };
}

/**
 * The entries as the model sees them: each skill with `overrides` applied (the same entry when unchanged).
 * The session's view and `skillset catalog` both list these, so the catalog a person sees is the model's.
 * @example renderCatalog(entriesWithOverrides(registry.entries(), policy.overrides), options)
 */
export function entriesWithOverrides(
  entries: readonly RegistryEntry[],
  overrides: Overrides,
): RegistryEntry[] {
  return entries.map((entry) => {
    const skill = overrides.apply(entry.skill);
    return skill === entry.skill ? entry : { ...entry, skill };
  });
}
