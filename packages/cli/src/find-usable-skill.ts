/**
 * @module Why a command cannot use the skill a person named: unknown (with near names), ambiguous (with
 * each candidate's path, and for a `skill://` URL each candidate's exact URL), disabled (with the command
 * that enables it), or refused by a permission rule. Core's one decision (`decideUsableSkill`), worded once
 * for `load` and `read`.
 */
import { decideUsableSkill, skillUri } from "@skillset/core/loader";
import { inertForTerminal } from "@skillset/core/model";
import { exactSkillName, type RegistryEntry, type SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { loadFailureMessage } from "./load-failure.js";
import { openPolicy, policyRefusal } from "./open-policy.js";
import { settleCopiesHint } from "./present-skill.js";

/** A `skill://` URL's parts, when the key is the name of one (see `parseSkillUri`). */
export interface UriKey {
  /** The path inside the skill the URL names (none: SKILL.md). */
  segments: readonly string[];
}

/**
 * The entry `key` names, or the message (inert for a terminal) saying why there is none usable. With
 * `uri`, `key` is a `skill://` URL's name: looked up as a name only, as `skill_read` looks it up (exact
 * names `name@scope…` included), and an ambiguous name lists each candidate's exact URL for `uri.segments`.
 */
export async function findUsableSkill(
  context: CommandContext,
  registry: SkillRegistry,
  key: string,
  uri?: UriKey,
): Promise<{ entry: RegistryEntry } | { problem: string }> {
  // The policy is read only when a found, enabled skill needs it (most commands never load it).
  const found = await decideUsableSkill(registry, key, {
    byName: uri !== undefined,
    refuse: async (skill) => policyRefusal(await openPolicy(context, registry), skill),
  });
  const shown = inertForTerminal(key);
  if (found.kind === "not-found") {
    // A skill:// name is never a path, so no file's load errors are what it means.
    const failure = uri === undefined ? await loadFailureMessage(context, registry, key) : undefined;
    if (failure !== undefined) return { problem: failure };
    const near = found.near.map((entry) => inertForTerminal(entry.skill.qualifiedName));
    const hint =
      near.length > 0
        ? ` Did you mean ${near.join(", ")}?`
        : " Run `skillset search <words>` to find skills.";
    return { problem: `No skill named '${shown}'.${hint}` };
  }
  if (found.kind === "ambiguous") {
    const entries = registry.entries();
    const lines = found.candidates.map((entry) => {
      const where = `${inertForTerminal(entry.skill.path)} (${entry.skill.scope})`;
      if (uri === undefined) return `  ${where}`;
      const exact = skillUri(entry.skill, uri.segments, exactSkillName(entry.skill, entries));
      return `  ${inertForTerminal(exact)}  ${where}`;
    });
    const how =
      uri === undefined
        ? "give one by its path"
        : "read one by its exact skill:// URL (or load it by its path with `skillset load <path>`)";
    const settle = inertForTerminal(settleCopiesHint(found.candidates), { keepLines: true });
    return {
      problem: `'${shown}' names ${found.candidates.length} skills; ${how}:\n${lines.join("\n")}${settle}`,
    };
  }
  if (found.kind === "disabled") {
    const name = inertForTerminal(found.entry.skill.qualifiedName);
    return { problem: `Skill '${name}' is disabled. Enable it with \`skillset enable ${name}\`.` };
  }
  if (found.kind === "denied") return { problem: inertForTerminal(found.reason ?? "") };
  return { entry: found.entry };
}
