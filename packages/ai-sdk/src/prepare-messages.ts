/**
 * @module The turn preprocessor (SPEC §8, §12): `$name` and `/name` in the newest user message go
 * through the session's turn pipeline (permissions, dependencies, reload suppression); each activated
 * skill's envelope goes right before that message, and what the person should see comes back beside it.
 */
import type { Skill } from "@skillset/core/model";
import type { PreparedTurn, SkillSession } from "@skillset/core/session";
import type { ModelMessage, UserModelMessage } from "ai";

/** What preprocessing did to a conversation. */
export interface PreparedMessages {
  /** The conversation with the activated skills' envelopes inserted before the newest user message. */
  messages: ModelMessage[];
  /** Skills activated by this turn, in mention order. */
  activated: Skill[];
  /** `Using skill: <name>` lines to show the person. */
  visibleLines: string[];
  /** Mentions that did not activate (unknown, ambiguous, denied, …), with stable codes. */
  diagnostics: PreparedTurn["diagnostics"];
  /** The session's whole answer (forks, tool policy, model override, task text). */
  turn?: PreparedTurn;
}

function textOf(message: UserModelMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

/** Preprocesses the newest user message of `messages` with `session` (the others are left as they are). */
export async function prepareMessages(
  messages: readonly ModelMessage[],
  session: SkillSession,
): Promise<PreparedMessages> {
  const index = messages.findLastIndex((message) => message.role === "user");
  if (index === -1) return { messages: [...messages], activated: [], visibleLines: [], diagnostics: [] };
  const turn = await session.prepareTurn(textOf(messages[index] as UserModelMessage), { source: "user" });
  const envelopes: ModelMessage[] = turn.messages.map((message) =>
    message.role === "system"
      ? { role: "system", content: message.content }
      : { role: "user", content: message.content },
  );
  return {
    messages: [...messages.slice(0, index), ...envelopes, ...messages.slice(index)],
    activated: turn.activations.map((activation) => activation.skill),
    visibleLines: turn.visibleLines,
    diagnostics: turn.diagnostics,
    turn,
  };
}
