/**
 * @module Skills for an app on the Vercel AI SDK, in a few lines (SPEC §13), on one skill session
 * (SPEC §12): the session's tools as AI SDK tools, its catalog for the system prompt, its turn pipeline
 * for `$mentions` in user messages, its tool narrowing for the app's own tools — and `context: fork`
 * skills run as a nested generation. One `AiSkills` is one conversation.
 */
import { SkillsetError } from "@skillset/core/model";
import type { ConfirmAnswer, ConfirmRequest, FilteredTools, NarrowingMode } from "@skillset/core/policy";
import {
  createSkillset,
  type SessionOptions,
  type SkillSession,
  type Skillset,
} from "@skillset/core/session";
import type { ToolResult } from "@skillset/core/tools";
import type { ModelMessage } from "ai";
import { type PreparedMessages, prepareMessages } from "./prepare-messages.js";
import { type ForkOutcome, type ForkSettings, runFork } from "./run-fork.js";
import { type SkillAiTools, toAiTools } from "./to-ai-tools.js";

/** Options of `createAiSkills`. */
export interface AiSkillsOptions {
  /** The project's skills (default: `createSkillset({ cwd, env })`, closed with `close()`). */
  skillset?: Skillset;
  /** Working directory whose skills are used (default `process.cwd()`). */
  cwd?: string;
  env?: Record<string, string | undefined>;
  /**
   * The model's context window in tokens, a whole number of 1 or more (else `createAiSkills` throws
   * `options-invalid`): sizes the catalog (default: the configured budget).
   */
  contextWindow?: number;
  /** Runs `context: fork` skills as a nested generation; without it they run inline with a note. */
  fork?: ForkSettings;
  /** Asks the person when a permission rule says `ask`; without it such skills are refused. */
  confirm?: (request: ConfirmRequest) => ConfirmAnswer | Promise<ConfirmAnswer>;
  /** `restrict` keeps only an active skill's allowed tools, `approve` pre-approves them (default: configured). */
  narrowing?: NarrowingMode;
}

/**
 * One conversation's skills: create one per conversation. Two conversations sharing one get a short
 * "already loaded" reminder where a skill's body should be, and each other's tool narrowing.
 */
export interface AiSkills {
  /** The session underneath (inspect, compacted, snapshot, hooks…). */
  readonly session: SkillSession;
  /** `skill_search`, `skill_load`, `use_skill`, `skill_read`, for `generateText({ tools })`. */
  readonly tools: SkillAiTools;
  /** The catalog, for the system prompt (what the model sees before it searches). */
  system(): string;
  /** Activates `$name` / `/name` in the newest user message (see `prepareMessages`). */
  prepareMessages(messages: readonly ModelMessage[]): Promise<PreparedMessages>;
  /** The app's own tools narrowed by the active skills' `allowed-tools` / `disallowed-tools` (SPEC §11). */
  filterTools<T>(tools: Record<string, T>): FilteredTools<Record<string, T>>;
  /** Forks run so far, in order. */
  forks(): ForkOutcome[];
  /** Ends the session (and the skillset, when this created it). */
  close(): Promise<void>;
}

/**
 * The commands a refusal names (`No skill named 'x'. Run … to see available skills.`): the defaults,
 * `/skill list` and `/skill enable`, are commands of agent hosts that an AI SDK app does not have, so the
 * person is pointed at the `skillset` command instead, unless the configuration names the app's own.
 */
function appHints(skillset: Skillset): { listCommand: string; enableCommand: string } {
  const { listCommand, enableCommand } = skillset.config.mentions;
  return {
    listCommand: listCommand === "/skill list" ? "`skillset list`" : listCommand,
    enableCommand: enableCommand === "/skill enable" ? "`skillset enable`" : enableCommand,
  };
}

/**
 * Opens one conversation on the skills around `cwd`.
 * @example
 * const skills = await createAiSkills({ cwd: process.cwd(), fork: { model } });
 * const { messages } = await skills.prepareMessages([{ role: "user", content: "$pdf merge a.pdf b.pdf" }]);
 * await generateText({ model, system: skills.system(), messages, tools: skills.tools, stopWhen: stepCountIs(8) });
 */
export async function createAiSkills(options: AiSkillsOptions = {}): Promise<AiSkills> {
  const skillset =
    options.skillset ??
    (await createSkillset({
      cwd: options.cwd ?? process.cwd(),
      ...(options.env ? { env: options.env } : {}),
    }));
  const outcomes: ForkOutcome[] = [];
  const pending = new Map<string, ForkOutcome>();
  const settings = options.fork;
  const sessionOptions: SessionOptions = {
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
    host: {
      mentions: appHints(skillset),
      ...(options.confirm ? { confirm: options.confirm } : {}),
      ...(options.narrowing ? { narrowing: options.narrowing } : {}),
      ...(settings
        ? {
            fork: async (request) => {
              const outcome = await runFork(request, settings);
              outcomes.push(outcome);
              pending.set(outcome.taskId, outcome);
              return { taskId: outcome.taskId };
            },
          }
        : {}),
    },
  };
  let session: SkillSession;
  try {
    session = skillset.session(sessionOptions);
  } catch (error) {
    // Refused options (a contextWindow that is no count of tokens): nothing this opened stays open.
    if (!options.skillset) await skillset.close();
    throw error;
  }
  // The nested generation has finished by the time use_skill answers: its result goes back with it.
  const withForkResult = (_name: string, result: ToolResult): ToolResult => {
    const taskId = result.data?.taskId;
    const outcome = typeof taskId === "string" ? pending.get(taskId) : undefined;
    if (!outcome) return result;
    pending.delete(outcome.taskId);
    return {
      ...result,
      text: `${result.text}\n<task_result task="${outcome.taskId}">\n${outcome.text}\n</task_result>`,
      data: { ...result.data, status: "completed", result: outcome.text },
    };
  };
  // The session builds its tools' name enums from the registry as it is: built again after it changed
  // (a reload, the watcher), so the schemas list the skills system() lists. A closed session keeps the last.
  let built = { entries: skillset.registry.entries(), tools: session.tools() };
  const currentTools = () => {
    const entries = skillset.registry.entries();
    if (entries === built.entries) return built.tools;
    try {
      built = { entries, tools: session.tools() };
    } catch (error) {
      if (!SkillsetError.isInstance(error) || error.code !== "session-closed") throw error;
    }
    return built.tools;
  };
  return {
    session,
    // All four: the session offers skill_search unless its host says otherwise, which this one does not.
    tools: toAiTools(currentTools, withForkResult) as SkillAiTools,
    system: () => session.systemPrompt(),
    prepareMessages: (messages) => prepareMessages(messages, session),
    filterTools: (tools) => session.filterTools(tools),
    forks: () => [...outcomes],
    async close() {
      await session.close();
      if (!options.skillset) await skillset.close();
    },
  };
}
