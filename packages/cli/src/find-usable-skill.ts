/**
 * @module Why a command cannot use the skill a person named: unknown (with near names), ambiguous (with
 * each candidate's path), disabled (with the command that enables it), or refused by a permission rule.
 * One wording for `load` and `read`.
 */
import { type FoundSkill, findSkill } from "@skillset/core/loader";
import { inertForTerminal } from "@skillset/core/model";
import type { RegistryEntry, SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { loadFailureMessage } from "./load-failure.js";
import { openPolicy, policyRefusal } from "./open-policy.js";

/** The entry `key` names, or the message (inert for a terminal) saying why there is none usable. */
export async function findUsableSkill(
  context: CommandContext,
  registry: SkillRegistry,
  key: string,
  /** The name came from a skill:// URL, which cannot name a skill by its path. */
  fromUri = false,
): Promise<{ entry: RegistryEntry } | { problem: string }> {
  const found: FoundSkill = await findSkill(registry, key);
  const shown = inertForTerminal(key);
  if (found.kind === "not-found") {
    const failure = await loadFailureMessage(context, registry, key);
    if (failure !== undefined) return { problem: failure };
    const near = found.near.map((entry) => inertForTerminal(entry.skill.qualifiedName));
    const hint =
      near.length > 0
        ? ` Did you mean ${near.join(", ")}?`
        : " Run `skillset search <words>` to find skills.";
    return { problem: `No skill named '${shown}'.${hint}` };
  }
  if (found.kind === "ambiguous") {
    const paths = found.entries.map(
      (entry) => `  ${inertForTerminal(entry.skill.path)} (${entry.skill.scope})`,
    );
    const how = fromUri
      ? `, and a skill:// URL cannot choose between them; load one by its path with \`skillset load <path>\`, or rename all but one`
      : "; give one by its path";
    return { problem: `'${shown}' names ${found.entries.length} skills${how}:\n${paths.join("\n")}` };
  }
  if (!found.entry.enabled) {
    const name = inertForTerminal(found.entry.skill.qualifiedName);
    return { problem: `Skill '${name}' is disabled. Enable it with \`skillset enable ${name}\`.` };
  }
  const refusal = policyRefusal(await openPolicy(context, registry), found.entry.skill);
  if (refusal !== undefined) return { problem: inertForTerminal(refusal) };
  return { entry: found.entry };
}
