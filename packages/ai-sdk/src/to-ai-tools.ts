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

/** `tools` keyed by name, ready for `generateText({ tools })` / `streamText({ tools })`. */
export function toAiTools(
  tools: readonly SkillTool[],
  after?: (name: string, result: ToolResult) => Promise<ToolResult> | ToolResult,
): Partial<SkillAiTools> {
  const entries = tools.map((skillTool): [SkillToolName, SkillAiTool] => {
    const execute = async (input: unknown, { abortSignal }: ToolExecutionOptions) => {
      // The session hands a fork to the host's callback without the signal: it goes along in the scope.
      const result = await inScope({ abortSignal }, () => skillTool.handler(input));
      return after ? after(skillTool.name, result) : result;
    };
    const aiTool = tool<unknown, ToolResult>({
      description: skillTool.description,
      inputSchema: jsonSchema(skillTool.jsonSchema as JSONSchema7),
      execute,
      toModelOutput: ({ output }) => ({ type: output.isError ? "error-text" : "text", value: output.text }),
    });
    return [skillTool.name, { ...aiTool, execute }];
  });
  return Object.fromEntries(entries);
}
