/**
 * @module Trust per scope (SPEC §11): shell preprocessing and hooks run only for skills from trusted
 * scopes. By default the user's own, the administrator's and the bundled skills are trusted; skills
 * from a repository, plugins, configured folders and remote sources are not.
 */
import type { Scope, Skill } from "../model/skill.js";

/** The scopes trusted by default. */
export const DEFAULT_TRUSTED_SCOPES: readonly Scope[] = ["user", "admin", "system"];

/** True when `skill` comes from a trusted scope. */
export function isTrusted(skill: Pick<Skill, "scope">, trustedScopes: readonly Scope[]): boolean {
  return trustedScopes.includes(skill.scope);
}
