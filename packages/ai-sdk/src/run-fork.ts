/**
 * @module `context: fork` skills as a nested generation (SPEC §11, seed 002): the skill's rendered body
 * is the subagent's instructions, in the `preloaded` envelope, with the tools the host gives subagents as
 * the skill's `allowed-tools` / `disallowed-tools` narrow them.
 */
import { randomUUID } from "node:crypto";
import { quoteArguments, renderPreloadedEnvelope } from "@skillset/core/loader";
import { filterTools, toolPolicyFor } from "@skillset/core/policy";
import type { ForkRequest } from "@skillset/core/tools";
import { generateText, type LanguageModel, stepCountIs, type ToolSet } from "ai";
import { currentScope, inScope } from "./call-scope.js";

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
 * mode; without one, the skill's own lists in `restrict` mode). Forks do not nest: called while a
 * subagent is generating (a fork skill it used through the skill tools), it throws, and `use_skill`
 * answers the subagent with an error result saying why. `abortSignal` (default: the one the AI SDK gave
 * the `use_skill` call that started it) stops the subagent's generation.
 */
export async function runFork(
  request: ForkRequest,
  settings: ForkSettings,
  abortSignal = currentScope().abortSignal,
): Promise<ForkOutcome> {
  const outer = currentScope().fork;
  // A subagent given the skill tools could start forks without end (a fork skill using itself).
  if (outer !== undefined) {
    throw new Error(
      `'${request.skill.qualifiedName}' was asked for inside the subagent task of '${outer}', and a subagent task cannot start another one; follow the skill in this task instead (load it with skill_load)`,
    );
  }
  const taskId = `fork-${randomUUID()}`;
  const task = request.args.length > 0 ? quoteArguments(request.args) : "Carry out the skill's instructions.";
  const policy = request.toolPolicy ?? toolPolicyFor([request.skill], "restrict");
  const result = await inScope({ fork: request.skill.qualifiedName }, () =>
    generateText({
      model: settings.model,
      system: renderPreloadedEnvelope([{ skill: request.skill, body: request.body }]),
      prompt: task,
      ...(settings.tools ? { tools: filterTools(settings.tools, policy).tools } : {}),
      stopWhen: stepCountIs(settings.maxSteps ?? 8),
      ...(abortSignal ? { abortSignal } : {}),
    }),
  );
  return { taskId, text: result.text };
}
