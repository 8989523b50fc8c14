/**
 * @module The skill tools a session offers the model (SPEC §10, §12): one tools context per session with
 * the policy plugged in (hidden skills, admission on use, the host's fork), and `skill_load`/`use_skill`
 * recorded as activations.
 */
import { createSkillTools } from "../tools/create-skill-tools.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import { toolError } from "../tools/tool-result.js";
import type { SkillToolsContext } from "../tools/tools-context.js";
import { activate, admit, startFork } from "./session-activation.js";
import type { SessionState } from "./session-state.js";

/** The tools for this turn (without `skill_search` when the host does not offer it). */
export function sessionTools(state: SessionState): SkillTool[] {
  state.toolsContext ??= newToolsContext(state);
  const tools = createSkillTools(state.toolsContext).map((tool) => recordToolUse(state, tool));
  return state.host.offersSearch === false ? tools.filter((tool) => tool.name !== "skill_search") : tools;
}

function newToolsContext(state: SessionState): SkillToolsContext {
  const { host, parts } = state;
  const context: SkillToolsContext = {
    registry: state.view,
    tracker: state.tracker,
    sessionId: state.id,
    isHidden: (skill) => parts.policy.isDenied(skill),
    async authorize(skill, tool) {
      const permissionTool = tool === "skill_load" || tool === "use_skill" ? tool : undefined;
      const check = await admit(state, skill, permissionTool);
      if (check.ok) return { allow: true };
      const reason = check.diagnostics.map((found) => found.message).join(" ") || "the policy refuses it.";
      return { allow: false, reason };
    },
    preprocess: state.preprocess,
    enableCommand: state.mentions.enableCommand,
  };
  // Without a host `fork`, use_skill gives a fork skill inline with a note (the tools' own fallback).
  if (host.fork) {
    context.fork = async (request) => {
      const started = await startFork(state, request);
      return { taskId: started.taskId ?? "" };
    };
  }
  return context;
}

/**
 * Each tool of a session: refused as a result (never thrown, SPEC §10) once the session is closed; a load
 * through `skill_load` or `use_skill` makes the skill active.
 */
function recordToolUse(state: SessionState, tool: SkillTool): SkillTool {
  const records = tool.name === "skill_load" || tool.name === "use_skill";
  return {
    ...tool,
    async handler(input) {
      if (state.closed)
        return toolError(
          "session-closed",
          `Session ${state.id} was closed; the host must start a new one before skills can be used.`,
        );
      const result = await tool.handler(input);
      if (!records) return result;
      const path = typeof result.data?.path === "string" ? result.data.path : undefined;
      if (!result.isError && path) {
        const found = state.view.lookup(path);
        if (found.kind === "found") activate(state, found.entry.skill, "tool", found.entry.skill.mtimeMs);
      }
      return result;
    },
  };
}
