/**
 * @module The core's skill tools as AI SDK tools (SPEC §13): same names, descriptions and JSON Schemas;
 * the handler validates (so the AI SDK passes input through unchecked) and never throws, and the model
 * reads the result's text — an error result as error text it can act on (SPEC §10).
 */
import type { SkillTool, ToolResult } from "@skillset/core/tools";
import { type JSONSchema7, jsonSchema, type Tool, tool } from "ai";
import { inScope } from "./call-scope.js";

/** An AI SDK tool whose output is the core's `ToolResult`. */
export type SkillAiTool = Tool<unknown, ToolResult>;

/** `tools` keyed by name, ready for `generateText({ tools })` / `streamText({ tools })`. */
export function toAiTools(
  tools: readonly SkillTool[],
  after?: (name: string, result: ToolResult) => Promise<ToolResult> | ToolResult,
): Record<string, SkillAiTool> {
  return Object.fromEntries(
    tools.map((skillTool) => [
      skillTool.name,
      tool<unknown, ToolResult>({
        description: skillTool.description,
        inputSchema: jsonSchema(skillTool.jsonSchema as JSONSchema7),
        async execute(input, { abortSignal }) {
          // The session hands a fork to the host's callback without the signal: it goes along in the scope.
          const result = await inScope({ abortSignal }, () => skillTool.handler(input));
          return after ? after(skillTool.name, result) : result;
        },
        toModelOutput: ({ output }) => ({ type: output.isError ? "error-text" : "text", value: output.text }),
      }),
    ]),
  );
}
