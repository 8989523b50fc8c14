/**
 * @module What a composed message did, for a person (`Using skill:` lines, what was loaded, findings,
 * the task) and for a script (`--print`: the resolved turn as JSON). Text from skills is made inert.
 */
import { inertForTerminal } from "@skillset/core/model";
import type { PreparedTurn } from "@skillset/core/session";

/** The lines to show after a message is sent. */
export function turnLines(turn: PreparedTurn): string[] {
  const lines = turn.visibleLines.map((line) => inertForTerminal(line));
  for (const message of turn.messages) {
    lines.push(
      `Loaded ${inertForTerminal(message.skill.qualifiedName)} (${message.content.length} characters from ${inertForTerminal(message.skill.path)})`,
    );
  }
  for (const fork of turn.forks)
    lines.push(`Forked ${inertForTerminal(fork.skill.qualifiedName)} to a subagent`);
  for (const found of turn.diagnostics) lines.push(`${found.severity}: ${inertForTerminal(found.message)}`);
  lines.push(`Task: ${inertForTerminal(turn.task) || "(none)"}`);
  return lines;
}

/** The turn as JSON-ready data. */
export function turnJson(text: string, turn: PreparedTurn) {
  return {
    text,
    source: turn.source,
    visibleLines: turn.visibleLines,
    activations: turn.activations.map((activation) => ({
      name: activation.skill.qualifiedName,
      path: activation.skill.path,
      via: activation.via,
      ...(activation.args === undefined ? {} : { args: activation.args }),
    })),
    messages: turn.messages.map((message) => ({
      role: message.role,
      skill: message.skill.qualifiedName,
      content: message.content,
    })),
    diagnostics: turn.diagnostics.map(({ severity, code, message }) => ({ severity, code, message })),
    task: turn.task,
  };
}
