/**
 * @module One turn of a session (SPEC §8, §12): resolve the `$mentions` and `/commands` in the text,
 * admit each skill, load its body (or start a fork through the host), activate it, and take the loaded
 * mentions out of the task.
 */
import { type LoadedSkill, loadSkill, type PreprocessBody } from "../loader/load-skill.js";
import { usingSkillLine } from "../mentions/messages.js";
import { removeMentions } from "../mentions/remove-mentions.js";
import { type MentionSource, resolveMentions } from "../mentions/resolve-mentions.js";
import { diagnostic } from "../model/diagnostic.js";
import { SkillsetError } from "../model/errors.js";
import { denialReason } from "../policy/denial-reason.js";
import { findShellCommands } from "../policy/find-shell-commands.js";
import { exactSkillName } from "../registry/exact-skill-name.js";
import { forkUnsupported } from "./fork-unsupported.js";
import { activate, admit, startFork } from "./session-activation.js";
import { currentPolicy, ensureOpen, type SessionState } from "./session-state.js";
import type { PreparedTurn, TurnActivation } from "./session-types.js";

/** `session.prepareTurn(text, options)`. */
export async function prepareTurn(
  state: SessionState,
  text: string,
  turnOptions: { source?: MentionSource } = {},
): Promise<PreparedTurn> {
  ensureOpen(state);
  const { host, view } = state;
  const { policy, registry } = state.parts;
  const source: MentionSource = turnOptions.source ?? "user";
  const resolution = resolveMentions(text, view.entries(), {
    source,
    config: state.mentions,
    cwd: registry.cwd,
    isDenied: policy.isDenied,
    denialReason: (skill) => denialReason(policy.permissions, skill),
  });
  const turn: PreparedTurn = {
    source,
    activations: [],
    messages: [],
    diagnostics: [...resolution.diagnostics],
    visibleLines: [],
    toolPolicy: currentPolicy(state),
    forks: [],
    task: resolution.task,
    mentions: resolution.mentions,
    references: resolution.references,
  };
  for (const activation of resolution.activations) {
    const { skill } = activation;
    const via = activation.mention.kind === "slash" ? "command" : "mention";
    const check = await admit(state, skill, undefined);
    turn.diagnostics.push(...check.diagnostics);
    if (!check.ok) continue;
    // Without a host `fork`, a fork skill's body goes inline with a warning, as use_skill gives it.
    const fork = skill.frontmatter.context === "fork" && host.fork !== undefined;
    let body: LoadedSkill;
    try {
      body = await loadSkill(skill, {
        envelope: host.envelope ?? "message",
        // A linked mention may load a shadowed skill: its skill:// URLs must name that one.
        uriName: exactSkillName(skill, view.entries()),
        ...(fork ? {} : { tracker: state.tracker }),
        sessionId: state.id,
        // A `$mention` loads guidance and never runs anything (SPEC §9): the body's commands stay text,
        // as a model's plan may mention any skill. A `/command` is an invocation, as a tool call is.
        preprocess: via === "command" ? state.preprocess : keepCommandsAsText(turn),
        ...(activation.args === undefined ? {} : { args: activation.args }),
      });
      if (fork) {
        turn.forks.push(
          await startFork(state, {
            skill,
            body: body.body,
            args: body.args,
            ...(skill.frontmatter.agent === undefined ? {} : { agent: skill.frontmatter.agent }),
            ...(skill.frontmatter.model === undefined ? {} : { model: skill.frontmatter.model }),
          }),
        );
      } else {
        turn.messages.push({
          role: host.envelope === "preloaded" ? "system" : "user",
          content: body.text,
          skill,
        });
      }
    } catch (error) {
      if (!SkillsetError.isInstance(error)) throw error;
      turn.diagnostics.push(
        diagnostic(
          "error",
          error.code,
          `Skill '${skill.qualifiedName}' could not be loaded: ${error.message}`,
          skill.path,
        ),
      );
      continue;
    }
    if (skill.frontmatter.context === "fork" && !fork) turn.diagnostics.push(forkUnsupported(skill));
    turn.diagnostics.push(
      ...activate(state, skill, via, body.mtimeMs, {
        ...(activation.args === undefined ? {} : { args: activation.args }),
        ...(fork ? { forked: true as const } : {}),
      }),
    );
    const model = skill.frontmatter.model;
    const record: TurnActivation = {
      skill,
      via,
      mention: activation.mention,
      context: fork ? "fork" : "inline",
      suppressed: body.suppressed,
      ...(activation.args === undefined ? {} : { args: activation.args }),
      ...(model === undefined ? {} : { model }),
    };
    if (model !== undefined) turn.model = model;
    turn.activations.push(record);
    turn.visibleLines.push(usingSkillLine(skill.qualifiedName));
  }
  if (turn.activations.length < resolution.activations.length) {
    // A skill not loaded (not confirmed, not admitted, failed) keeps its mention in the task, as a
    // denied one does: only the loaded activations' mentions are taken out.
    const loadedMentions = new Set(turn.activations.map((record) => record.mention));
    const removed = resolution.activations
      .filter((activation) => loadedMentions.has(activation.mention))
      .flatMap((activation) => activation.mentions ?? [activation.mention]);
    turn.task = removed.length > 0 ? removeMentions(text, removed) : text;
  }
  turn.toolPolicy = currentPolicy(state);
  return turn;
}

/**
 * The preprocess hook of a mention: the body as written, and a note when it holds commands that a
 * `/command` would run (so a person who meant to run them knows how).
 */
function keepCommandsAsText(turn: PreparedTurn): PreprocessBody {
  return async (body, skill) => {
    if (findShellCommands(body).length > 0)
      turn.diagnostics.push(
        diagnostic(
          "info",
          "shell-not-run",
          `Skill '${skill.qualifiedName}' holds commands to run before loading; a mention never runs them, so they stay as text. Invoke it as /${skill.qualifiedName} to run them.`,
          skill.path,
        ),
      );
    return body;
  };
}
