/**
 * @module The turn preprocessor (SPEC §8, §12): `$name` and `/name` in the newest user message activate
 * skills the way they do in an agent — each activated skill's body goes in a `message` envelope right
 * before that message, and what the person should see (or fix) comes back beside the messages.
 */
import { loadSkill, type ReloadTracker } from "@skillset/core/loader";
import { type MentionDiagnostic, resolveMentions, usingSkillLine } from "@skillset/core/mentions";
import type { Skill } from "@skillset/core/model";
import type { Authorization } from "@skillset/core/policy";
import type { SkillRegistry } from "@skillset/core/registry";
import type { ModelMessage, UserModelMessage } from "ai";

/** What preprocessing did to a conversation. */
export interface PreparedMessages {
  /** The conversation with the activated skills' envelopes inserted before the newest user message. */
  messages: ModelMessage[];
  /** Skills activated by this turn, in mention order. */
  activated: Skill[];
  /** `Using skill: <name>` lines to show the person. */
  visibleLines: string[];
  /** Mentions that did not activate (unknown, ambiguous, disabled, …), with stable codes. */
  diagnostics: MentionDiagnostic[];
}

/** What the preprocessor needs from the adapter. */
export interface PrepareContext {
  registry: SkillRegistry;
  tracker: ReloadTracker;
  sessionId: string;
  isDenied?: (skill: Skill) => boolean;
  /** The permission decision for each activation (an `ask` rule asks here); refused ones are not loaded. */
  authorize?: (skill: Skill) => Promise<Authorization>;
}

function textOf(message: UserModelMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

/** Preprocesses the newest user message of `messages` (the others are left as they are). */
export async function prepareMessages(
  messages: readonly ModelMessage[],
  context: PrepareContext,
): Promise<PreparedMessages> {
  const index = messages.findLastIndex((message) => message.role === "user");
  const unchanged = { messages: [...messages], activated: [], visibleLines: [], diagnostics: [] };
  if (index === -1) return unchanged;
  const { registry } = context;
  const turn = resolveMentions(textOf(messages[index] as UserModelMessage), registry.entries(), {
    source: "user",
    config: registry.config.mentions,
    cwd: registry.cwd,
    ...(context.isDenied ? { isDenied: context.isDenied } : {}),
  });
  const envelopes: ModelMessage[] = [];
  const activated: Skill[] = [];
  const diagnostics = [...turn.diagnostics];
  for (const activation of turn.activations) {
    const answer = context.authorize ? await context.authorize(activation.skill) : undefined;
    if (answer && !answer.allowed) {
      if (answer.diagnostic) diagnostics.push({ ...answer.diagnostic, mention: activation.mention });
      continue;
    }
    const loaded = await loadSkill(activation.skill, {
      envelope: "message",
      tracker: context.tracker,
      sessionId: context.sessionId,
      ...(activation.args === undefined ? {} : { args: activation.args }),
    });
    envelopes.push({ role: "user", content: loaded.text });
    activated.push(activation.skill);
  }
  return {
    messages: [...messages.slice(0, index), ...envelopes, ...messages.slice(index)],
    activated,
    visibleLines: activated.map((skill) => usingSkillLine(skill.qualifiedName)),
    diagnostics,
  };
}
