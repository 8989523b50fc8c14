/**
 * @module Skills for an app on the Vercel AI SDK, in a few lines (SPEC §13): the four skill tools, the
 * catalog for the system prompt, the `$mention` preprocessor, and `context: fork` skills run as a
 * nested generation. One `AiSkills` is one conversation (reload suppression and session id are its own).
 */
import { randomUUID } from "node:crypto";
import { renderCatalog } from "@skillset/core/catalog";
import { createReloadTracker } from "@skillset/core/loader";
import type { Skill } from "@skillset/core/model";
import { createRegistry, type SkillRegistry } from "@skillset/core/registry";
import { createSkillTools, type SkillToolsContext, type ToolResult } from "@skillset/core/tools";
import type { ModelMessage } from "ai";
import { type PreparedMessages, prepareMessages } from "./prepare-messages.js";
import { type ForkOutcome, type ForkSettings, runFork } from "./run-fork.js";
import { type SkillAiTool, toAiTools } from "./to-ai-tools.js";

/** Options of `createAiSkills`. */
export interface AiSkillsOptions {
  /** Working directory whose skills are used (default `process.cwd()`). */
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** A registry to use (default: created for `cwd`, loaded here). */
  registry?: SkillRegistry;
  /** The model's context window in tokens: sizes the catalog (default: the configured budget). */
  contextWindow?: number;
  /** Runs `context: fork` skills as a nested generation; without it they run inline with a note. */
  fork?: ForkSettings;
}

/** One conversation's skills. */
export interface AiSkills {
  readonly registry: SkillRegistry;
  readonly sessionId: string;
  /** `skill_search`, `skill_load`, `use_skill`, `skill_read`, for `generateText({ tools })`. */
  readonly tools: Record<string, SkillAiTool>;
  /** The catalog, for the system prompt (what the model sees before it searches). */
  system(): string;
  /** Activates `$name` / `/name` mentions in the newest user message (see `prepareMessages`). */
  prepareMessages(messages: readonly ModelMessage[]): Promise<PreparedMessages>;
  /** Skills activated in this conversation so far (by mention or by a tool), oldest first. */
  activeSkills(): Skill[];
  /** Forks run so far, in order. */
  forks(): ForkOutcome[];
}

const USING_TOOLS = new Set(["skill_load", "use_skill"]);

/**
 * Loads the skills around `cwd` and returns one conversation's tools, system prompt and preprocessor.
 * @example
 * const skills = await createAiSkills({ cwd: process.cwd() });
 * const { messages } = await skills.prepareMessages([{ role: "user", content: "$pdf merge a.pdf b.pdf" }]);
 * await generateText({ model, system: skills.system(), messages, tools: skills.tools, stopWhen: stepCountIs(8) });
 */
export async function createAiSkills(options: AiSkillsOptions = {}): Promise<AiSkills> {
  const cwd = options.cwd ?? process.cwd();
  const registry = options.registry ?? createRegistry({ cwd, ...(options.env ? { env: options.env } : {}) });
  await registry.load();
  const sessionId = randomUUID();
  const tracker = createReloadTracker();
  const active = new Map<string, Skill>();
  const outcomes: ForkOutcome[] = [];
  const pending = new Map<string, ForkOutcome>();
  const settings = options.fork;
  const context: SkillToolsContext = {
    registry,
    tracker,
    sessionId,
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
  };
  // The nested generation has finished by the time use_skill answers: its result goes back with it.
  const after = (name: string, result: ToolResult): ToolResult => {
    if (result.isError || !USING_TOOLS.has(name)) return result;
    const path = result.data?.path;
    const found = typeof path === "string" ? registry.lookup(path) : undefined;
    if (found?.kind === "found") active.set(found.entry.skill.id, found.entry.skill);
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
  const tools = toAiTools(createSkillTools(context), after);
  return {
    registry,
    sessionId,
    tools,
    system() {
      const catalog = registry.config.catalog;
      return renderCatalog(registry.entries(), {
        ...catalog,
        ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      }).text;
    },
    async prepareMessages(messages) {
      const prepared = await prepareMessages(messages, { registry, tracker, sessionId });
      for (const skill of prepared.activated) active.set(skill.id, skill);
      return prepared;
    },
    activeSkills: () => [...active.values()],
    forks: () => [...outcomes],
  };
}
