/**
 * @module The error texts the skill tools give the model. Each names what went wrong and the next call
 * to make; the mention stage's wording is reused where the situation is the same (SPEC §8).
 */
import { disabledMessage, notInvocableMessage, userOnlyMessage } from "../mentions/messages.js";
import { stripControls } from "../model/inert-text.js";
import type { RegistryEntry } from "../registry/registry-types.js";

/** A value from the model or a skill, made safe and short for an error text. */
export function shown(value: string, max = 120): string {
  const clean = stripControls(value);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** An unknown name, with near names when there are some. */
export function notFoundText(key: string, near: readonly RegistryEntry[]): string {
  const names = near.map((entry) => shown(entry.skill.qualifiedName));
  const hint = names.length > 0 ? ` Did you mean ${names.join(", ")}?` : "";
  return `No skill named '${shown(key)}'.${hint} Call skill_search with a few words about the task to find skills.`;
}

/** A path that is no skill the registry knows. */
export function noSkillAtPathText(path: string): string {
  return `No skill at '${shown(path, 300)}'. Give the path of a SKILL.md (or its folder) as skill_search or the catalog lists it.`;
}

/** An ambiguous name: every candidate's path, and how to load one. */
export function ambiguousText(key: string, entries: readonly RegistryEntry[]): string {
  const lines = entries.map((entry) => `- ${shown(entry.skill.path, 300)} (${entry.skill.scope})`);
  return `'${shown(key)}' names ${entries.length} skills; load one by its path with skill_load { "path": "…" }:\n${lines.join("\n")}`;
}

/** A disabled skill, and how a person enables it. */
export function disabledText(entry: RegistryEntry, enableCommand: string): string {
  return `${disabledMessage(entry.skill.qualifiedName, enableCommand)} Ask the user to enable it; it cannot be used until then.`;
}

/** A skill with `disable-model-invocation: true` (and, when the user may not either, says so). */
export function userOnlyText(entry: RegistryEntry): string {
  const name = entry.skill.qualifiedName;
  if (!entry.skill.invocation.user) return notInvocableMessage(name);
  return `${userOnlyMessage(name)} Ask the user to invoke it if it is needed.`;
}

/** A skill a permission rule denies. */
export function deniedText(entry: RegistryEntry, reason: string): string {
  // Long enough for the rule and the path of the file it is written in.
  return `Skill '${entry.skill.qualifiedName}' cannot be used: ${shown(reason, 600)}`;
}
