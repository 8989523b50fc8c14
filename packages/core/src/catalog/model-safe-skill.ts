/**
 * @module What of a skill the catalog shows the model (SPEC §7, §15): its name, description and path
 * with control and bidi characters removed, in every format.
 */
import { hasControls, stripControls } from "../model/inert-text.js";
import type { Skill } from "../model/skill.js";

/**
 * Each skill's model-safe form, once per skill object: a session renders the same registry snapshot every
 * turn, and checking 16,000 skills' text again cost each render a third of its time. Skills are snapshots
 * (the registry makes new objects on a change), so a remembered answer stays right.
 */
const checked = new WeakMap<Skill, Skill>();

/**
 * The skill itself when its listed text holds no control character (the common case: no copy, so the
 * catalog stays byte-identical and cheap), else a copy whose name, qualified name, description and path
 * have them removed (line breaks in a description become spaces first).
 */
export function modelSafeSkill(skill: Skill): Skill {
  let safe = checked.get(skill);
  if (safe === undefined) {
    safe = stripSkillControls(skill);
    checked.set(skill, safe);
  }
  return safe;
}

function stripSkillControls(skill: Skill): Skill {
  const { name, qualifiedName, description, path } = skill;
  if (!hasControls(name) && !hasControls(qualifiedName) && !hasControls(description) && !hasControls(path)) {
    return skill;
  }
  return {
    ...skill,
    name: stripControls(name),
    qualifiedName: stripControls(qualifiedName),
    description: stripControls(description.replace(/\s+/g, " ")),
    path: stripControls(path),
  };
}
