/**
 * @module How a permission rule's `skill` glob names skills (SPEC §11): the qualified name (`pdf`,
 * `acme:*`, `*`), or — when the glob holds a `/` — the skill's `SKILL.md` or folder path.
 */
import { dirname } from "node:path";
import { picomatch } from "../model/lazy-picomatch.js";
import type { Skill } from "../model/skill.js";

/** The parts of a skill a glob is matched against. */
export type GlobSkill = Pick<Skill, "id" | "path" | "qualifiedName">;

/** A compiled skill glob. */
export type SkillGlob = (skill: GlobSkill) => boolean;

/**
 * Compiles `glob`. A glob without a `/` matches the qualified name (so `pdf` never matches `acme:pdf`,
 * as with state keys, while `*` matches every skill). A glob with a `/` matches the `SKILL.md` path or the
 * skill's folder, as found or real; `~/` is `home`. Dotted names and folders match like any other.
 */
export function compileSkillGlob(glob: string, home: string): SkillGlob {
  const options = { dot: true, nocase: false };
  if (!glob.includes("/")) {
    const matches = picomatch(glob, options);
    return (skill) => matches(skill.qualifiedName);
  }
  const expanded = glob === "~" || glob.startsWith("~/") ? home + glob.slice(1) : glob;
  const matches = picomatch(expanded, options);
  return (skill) =>
    matches(skill.id) || matches(skill.path) || matches(dirname(skill.id)) || matches(dirname(skill.path));
}

/** Escapes glob characters so that a literal path or name (from an agent's settings) matches only itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}
