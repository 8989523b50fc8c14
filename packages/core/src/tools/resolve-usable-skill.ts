/**
 * @module Every tool path that uses a skill goes through here (SPEC §10, §11): find it by name or path
 * (one rescan when unknown), refuse ambiguous, disabled, user-only and denied skills with a result that
 * says what to do.
 */
import { findSkill } from "../loader/find-skill.js";
import { isOutranked } from "../registry/outranked.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import {
  ambiguousText,
  deniedText,
  disabledText,
  noSkillAtPathText,
  notFoundText,
  userOnlyText,
} from "./tool-messages.js";
import { type ToolResult, toolError } from "./tool-result.js";
import type { SkillToolName, SkillToolsContext } from "./tools-context.js";

/** A usable entry, or the error result to return. */
export type UsableSkill = { ok: true; entry: RegistryEntry } | { ok: false; result: ToolResult };

/** Whether the model may see `entry` at all (for suggestions). */
export function modelMaySee(entry: RegistryEntry, context: SkillToolsContext): boolean {
  return (
    entry.enabled && !isOutranked(entry) && entry.skill.invocation.model && !context.isHidden?.(entry.skill)
  );
}

/**
 * Resolves `key` for `tool`. `given` says how the key was given: `path` (no name suggestions then),
 * `name` (never read as a path: a `skill://` URL's name), or either (default).
 * Checks, in order: found → unique → enabled → model-invocable → authorized.
 */
export async function resolveUsableSkill(
  context: SkillToolsContext,
  key: string,
  tool: SkillToolName,
  given?: "path" | "name",
): Promise<UsableSkill> {
  const asPath = given === "path";
  const found = await findSkill(context.registry, key, { byName: given === "name" });
  if (found.kind === "not-found") {
    if (asPath) return { ok: false, result: toolError("skill-not-found", noSkillAtPathText(key)) };
    const near = found.near.filter((entry) => modelMaySee(entry, context));
    return {
      ok: false,
      result: toolError("skill-not-found", notFoundText(key, near), {
        suggestions: near.map((entry) => entry.skill.qualifiedName),
      }),
    };
  }
  if (found.kind === "ambiguous") {
    const candidates = found.entries.filter((entry) => !context.isHidden?.(entry.skill));
    return {
      ok: false,
      result: toolError("skill-ambiguous", ambiguousText(key, candidates), {
        candidates: candidates.map((entry) => entry.skill.path),
      }),
    };
  }
  const { entry } = found;
  const enableCommand = context.enableCommand ?? "skillset enable";
  if (context.isHidden?.(entry.skill)) {
    // The host's policy says which rule denies it, and where that rule is written (SPEC §11).
    const answer = context.authorize ? await context.authorize(entry.skill, tool) : undefined;
    const reason = answer && !answer.allow ? answer.reason : "a permission rule denies it.";
    return { ok: false, result: toolError("skill-denied", deniedText(entry, reason)) };
  }
  if (!entry.enabled)
    return { ok: false, result: toolError("skill-disabled", disabledText(entry, enableCommand)) };
  if (!entry.skill.invocation.model)
    return { ok: false, result: toolError("skill-user-only", userOnlyText(entry)) };
  const answer = context.authorize ? await context.authorize(entry.skill, tool) : { allow: true as const };
  if (!answer.allow)
    return { ok: false, result: toolError("skill-denied", deniedText(entry, answer.reason)) };
  return { ok: true, entry };
}
