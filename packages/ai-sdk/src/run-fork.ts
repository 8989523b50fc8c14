/**
 * @module `context: fork` skills as a nested generation (SPEC §11, seed 002): the skill's rendered body
 * is the subagent's instructions, in the `preloaded` envelope, with the tools the host gives subagents as
 * the skill's `allowed-tools` / `disallowed-tools` narrow them.
 */
import { randomUUID } from "node:crypto";
import { renderPreloadedEnvelope } from "@skillset/core/loader";
import { filterTools, toolPolicyFor } from "@skillset/core/policy";
import type { ForkRequest } from "@skillset/core/tools";
import { generateText, type LanguageModel, stepCountIs, type ToolSet } from "ai";

/** How forks run. */
export interface ForkSettings {
  /** The subagent's model (e.g. a cheaper one). */
  model: LanguageModel;
  /** Tools the subagent may use (default none), narrowed by each fork skill's tool lists. */
  tools?: ToolSet;
  /** Most steps of the subagent's tool loop (default 8). */
  maxSteps?: number;
}

/** A finished fork: its task id and the subagent's final text. */
export interface ForkOutcome {
  taskId: string;
  text: string;
}

/**
 * Runs `request` to completion with `settings`. The subagent gets `settings.tools` narrowed by the skill's
 * `allowed-tools` / `disallowed-tools` (`request.toolPolicy`, which a session sets with its narrowing
 * mode; without one, the skill's own lists in `restrict` mode).
 */
export async function runFork(request: ForkRequest, settings: ForkSettings): Promise<ForkOutcome> {
  const taskId = `fork-${randomUUID()}`;
  const task = request.args.length > 0 ? request.args.join(" ") : "Carry out the skill's instructions.";
  const policy = request.toolPolicy ?? toolPolicyFor([request.skill], "restrict");
  const result = await generateText({
    model: settings.model,
    system: renderPreloadedEnvelope([{ skill: request.skill, body: request.body }]),
    prompt: task,
    ...(settings.tools ? { tools: filterTools(settings.tools, policy).tools } : {}),
    stopWhen: stepCountIs(settings.maxSteps ?? 8),
  });
  return { taskId, text: result.text };
}
