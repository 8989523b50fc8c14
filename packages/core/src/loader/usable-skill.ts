/**
 * @module The one "can this skill be used here" decision (SPEC §10, §11): found by name or path (one
 * rescan when unknown), unique, not hidden by policy, enabled, invocable by the model when a model asks,
 * and allowed. Every surface — the CLI's `load` and `read`, the model's tools, the MCP server — asks here
 * and words the answer its own way.
 */
import type { Skill } from "../model/skill.js";
import { isOutranked } from "../registry/outranked.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import { findSkill, type RegistryView } from "./find-skill.js";

/** Who asks, and what they may see. */
export interface UsableSkillAsker {
  /** `key` is a name only, never a path (a `skill://` URL's name). Default false. */
  byName?: boolean;
  /** A model asks: near names are only those it may see, and a user-only skill is refused. */
  forModel?: boolean;
  /**
   * Skills the asker may not even see (denied by policy): left out of the candidates and refused first,
   * before anything about them (disabled, user-only) is told.
   */
  isHidden?: (skill: Skill) => boolean;
  /** Why `skill` may not be used, or `undefined` when it may; checked last. */
  refuse?: (skill: Skill) => string | undefined | Promise<string | undefined>;
}

/** The decision; `near` and `candidates` hold only what the asker may see. */
export type UsableSkillDecision =
  | { kind: "usable"; entry: RegistryEntry }
  | { kind: "not-found"; near: RegistryEntry[] }
  | { kind: "ambiguous"; candidates: RegistryEntry[] }
  /** `reason` is `undefined` for a hidden skill that `refuse` gave no reason for. */
  | { kind: "denied"; entry: RegistryEntry; reason: string | undefined }
  | { kind: "disabled"; entry: RegistryEntry }
  | { kind: "user-only"; entry: RegistryEntry };

/** Whether a model may see `entry` at all (for suggestions). */
export function modelMaySee(entry: RegistryEntry, isHidden?: (skill: Skill) => boolean): boolean {
  return entry.enabled && !isOutranked(entry) && entry.skill.invocation.model && !isHidden?.(entry.skill);
}

/**
 * Decides whether `key` names a skill `asker` may use. Checks, in order: found → unique → not hidden →
 * enabled → model-invocable (for a model) → not refused.
 */
export async function decideUsableSkill(
  registry: RegistryView,
  key: string,
  asker: UsableSkillAsker = {},
): Promise<UsableSkillDecision> {
  const { isHidden, refuse } = asker;
  const found = await findSkill(registry, key, { byName: asker.byName === true });
  if (found.kind === "not-found") {
    const near = asker.forModel ? found.near.filter((entry) => modelMaySee(entry, isHidden)) : found.near;
    return { kind: "not-found", near };
  }
  if (found.kind === "ambiguous") {
    const candidates = isHidden ? found.entries.filter((entry) => !isHidden(entry.skill)) : found.entries;
    return { kind: "ambiguous", candidates };
  }
  const { entry } = found;
  if (isHidden?.(entry.skill)) return { kind: "denied", entry, reason: await refuse?.(entry.skill) };
  if (!entry.enabled) return { kind: "disabled", entry };
  if (asker.forModel && !entry.skill.invocation.model) return { kind: "user-only", entry };
  const reason = await refuse?.(entry.skill);
  return reason === undefined ? { kind: "usable", entry } : { kind: "denied", entry, reason };
}
