/**
 * @module Every tool path that uses a skill goes through here (SPEC §10, §11): core's one usable-skill
 * decision (`loader/usable-skill.ts`), with each refusal worded as a tool result that says what to do.
 */
import { decideUsableSkill } from "../loader/usable-skill.js";
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

/**
 * Resolves `key` for `tool` through `decideUsableSkill` and words a refusal as a tool error. `given` says
 * how the key was given: `path` (no name suggestions then), `name` (never read as a path: a `skill://`
 * URL's name), or either (default).
 */
export async function resolveUsableSkill(
  context: SkillToolsContext,
  key: string,
  tool: SkillToolName,
  given?: "path" | "name",
): Promise<UsableSkill> {
  const { authorize, isHidden } = context;
  const decision = await decideUsableSkill(context.registry, key, {
    byName: given === "name",
    forModel: true,
    ...(isHidden ? { isHidden } : {}),
    ...(authorize
      ? {
          refuse: async (skill) => {
            const answer = await authorize(skill, tool);
            return answer.allow ? undefined : answer.reason;
          },
        }
      : {}),
  });
  switch (decision.kind) {
    case "usable":
      return { ok: true, entry: decision.entry };
    case "not-found": {
      if (given === "path")
        return { ok: false, result: toolError("skill-not-found", noSkillAtPathText(key)) };
      const { near } = decision;
      return {
        ok: false,
        result: toolError("skill-not-found", notFoundText(key, near), {
          suggestions: near.map((entry) => entry.skill.qualifiedName),
        }),
      };
    }
    case "ambiguous": {
      const { candidates } = decision;
      return {
        ok: false,
        result: toolError("skill-ambiguous", ambiguousText(key, candidates), {
          candidates: candidates.map((entry) => entry.skill.path),
        }),
      };
    }
    case "denied": {
      // The host's policy says which rule denies it, and where that rule is written (SPEC §11).
      const reason = decision.reason ?? "a permission rule denies it.";
      return { ok: false, result: toolError("skill-denied", deniedText(decision.entry, reason)) };
    }
    case "disabled": {
      const enableCommand = context.enableCommand ?? "skillset enable";
      return { ok: false, result: toolError("skill-disabled", disabledText(decision.entry, enableCommand)) };
    }
    case "user-only":
      return { ok: false, result: toolError("skill-user-only", userOnlyText(decision.entry)) };
  }
}
