/**
 * @module The core's skill tools as AI SDK tools (SPEC §13): same names, descriptions and JSON Schemas;
 * the handler validates (so the AI SDK passes input through unchecked) and never throws, and the model
 * reads the result's text — an error result as error text it can act on (SPEC §10).
 */
import type { SkillTool, SkillToolName, ToolResult } from "@skillset/core/tools";
import { type JSONSchema7, jsonSchema, type Tool, type ToolExecutionOptions, tool } from "ai";
import { inScope } from "./call-scope.js";

/**
 * An AI SDK tool whose output is the core's `ToolResult`. Its `execute` is always there and answers a
 * `ToolResult` (first in the type, so a direct call gets that, not the AI SDK's wider return type).
 */
export type SkillAiTool = {
  execute(input: unknown, options: ToolExecutionOptions): Promise<ToolResult>;
} & Tool<unknown, ToolResult>;

/** The skill tools by their exact names, so a tool set spread from them keeps the names in typed results. */
export type SkillAiTools = { [Name in SkillToolName]: SkillAiTool };

/**
 * `tools` keyed by name, ready for `generateText({ tools })` / `streamText({ tools })`. Given a function,
 * each AI SDK tool asks it for its core tool whenever the AI SDK reads the input schema or runs the tool,
 * so the `name` enum follows the registry (give one that builds the tools again when the skills change).
 */
export function toAiTools(
  tools: readonly SkillTool[] | (() => readonly SkillTool[]),
  after?: (name: string, result: ToolResult) => Promise<ToolResult> | ToolResult,
): Partial<SkillAiTools> {
  const current = typeof tools === "function" ? tools : () => tools;
  const entries = current().map((first): [SkillToolName, SkillAiTool] => {
    const now = () => current().find((each) => each.name === first.name) ?? first;
    const execute = async (input: unknown, { abortSignal }: ToolExecutionOptions) => {
      // The session hands a fork to the host's callback without the signal: it goes along in the scope.
      const result = await inScope({ abortSignal }, () => now().handler(input));
      return after ? after(first.name, result) : result;
    };
    const aiTool = tool<unknown, ToolResult>({
      description: first.description,
      inputSchema: jsonSchema(first.jsonSchema as JSONSchema7),
      execute,
      toModelOutput: ({ output }) => ({ type: output.isError ? "error-text" : "text", value: output.text }),
    });
    // Read each time the AI SDK prepares a step, so a stale enum is never sent after the skills changed.
    return [
      first.name,
      Object.defineProperty({ ...aiTool, execute }, "inputSchema", {
        get: () => jsonSchema(now().jsonSchema as JSONSchema7),
        enumerable: true,
      }),
    ];
  });
  return Object.fromEntries(entries);
}
