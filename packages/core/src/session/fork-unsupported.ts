/**
 * @module The warning for a `context: fork` skill in a host that cannot start subagents (SPEC §11): the
 * session has no host `fork` callback, so the turn inserts the skill's instructions inline instead (as
 * `use_skill` does) rather than losing them.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";

/**
 * `fork-unsupported`: names the skill, its file, the `context` field, what happened and both fixes.
 * @example forkUnsupported(skill).code // "fork-unsupported"
 */
export function forkUnsupported(skill: Skill): Diagnostic {
  return diagnostic(
    "warning",
    "fork-unsupported",
    `Skill '${skill.qualifiedName}' (${skill.path}) sets context: fork, but this host gave the session no fork callback, so no subagent was started; its instructions were inserted inline into this conversation instead. Pass host.fork to session() to run it as a subagent, or remove context: fork from its frontmatter to run it inline without this warning.`,
    skill.path,
    { field: "context" },
  );
}
