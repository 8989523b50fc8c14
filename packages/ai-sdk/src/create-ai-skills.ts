/**
 * @module Skills for an app on the Vercel AI SDK, in a few lines (SPEC §13): the four skill tools, the
 * catalog for the system prompt, the `$mention` preprocessor, and `context: fork` skills run as a
 * nested generation. One `AiSkills` is one conversation (reload suppression and session id are its own).
 */
import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { renderCatalog } from "@skillset/core/catalog";
import { createReloadTracker } from "@skillset/core/loader";
import type { Skill } from "@skillset/core/model";
import {
  type ConfirmAnswer,
  type ConfirmRequest,
  type FilteredTools,
  filterTools,
  loadPolicy,
  type NarrowingMode,
  type Policy,
  toolPolicyFor,
} from "@skillset/core/policy";
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
  /** The permission policy (SPEC §11). Default: loaded from the registry's configuration and state. */
  policy?: Policy;
  /** Asks the person when a permission rule says `ask`; without it such skills are refused. */
  confirm?: (request: ConfirmRequest) => ConfirmAnswer | Promise<ConfirmAnswer>;
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
  /**
   * The app's own tools narrowed by the active skills' `allowed-tools` / `disallowed-tools` (SPEC §11):
   * `restrict` keeps only allowed tools, `approve` keeps all and lists the allowed ones as pre-approved
   * (default: the configured `policy.toolNarrowing`). Call it each step, e.g. from `prepareStep`.
   */
  filterTools<T>(tools: Record<string, T>, mode?: NarrowingMode): FilteredTools<Record<string, T>>;
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
  const env = options.env ?? process.env;
  const policy =
    options.policy ??
    (await loadPolicy({
      config: registry.config.policy,
      projectRoot: registry.projectRoot,
      home: env.HOME || homedir(),
      env,
    }));
  const isDenied = (skill: Skill) => policy.isDenied(skill);
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
    isHidden: isDenied,
    async authorize(skill, tool) {
      const answer = await policy.authorize(
        skill,
        tool === "use_skill" ? "use_skill" : "skill_load",
        options.confirm,
      );
      return answer.allowed
        ? { allow: true }
        : { allow: false, reason: answer.diagnostic?.message ?? "a permission rule refuses it." };
    },
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
        scopeOrder: registry.config.discovery.scopeOrder,
        isDenied,
        ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      }).text;
    },
    async prepareMessages(messages) {
      const prepared = await prepareMessages(messages, {
        registry,
        tracker,
        sessionId,
        isDenied,
        authorize: async (skill) => policy.authorize(skill, undefined, options.confirm),
      });
      for (const skill of prepared.activated) active.set(skill.id, skill);
      return prepared;
    },
    activeSkills: () => [...active.values()],
    forks: () => [...outcomes],
    filterTools(tools, mode) {
      return filterTools(
        tools,
        toolPolicyFor([...active.values()], mode ?? registry.config.policy.toolNarrowing),
      );
    },
  };
}
