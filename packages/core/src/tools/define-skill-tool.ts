/**
 * @module One skill tool: a zod input schema (the source), the JSON Schema derived from it with
 * `z.toJSONSchema`, a description from `packages/core/prompts/`, and a handler that never throws.
 */
import { z } from "zod";
import { readPrompt } from "../catalog/read-prompt.js";
import { SkillsetError } from "../model/errors.js";
import { type ToolResult, toolError } from "./tool-result.js";
import type { SkillToolName } from "./tools-context.js";

/** A tool definition plus its handler, usable by any host (MCP server, AI SDK, a custom loop). */
export interface SkillTool {
  name: SkillToolName;
  /** What the model reads about the tool (from `prompts/tool-<name>.md`). */
  description: string;
  /** The input schema as advertised (with the name enum when the catalog is small). */
  inputSchema: z.ZodType;
  /** `inputSchema` as JSON Schema (draft 2020-12, input side, no `$schema` key): `{ type: "object", … }`. */
  jsonSchema: Record<string, unknown>;
  /**
   * Runs the tool on `input` (unvalidated JSON from the model). Never throws: invalid input, unknown
   * skills, refusals and read failures all come back as results with `isError: true`.
   */
  handler(input: unknown): Promise<ToolResult>;
}

/** The parts of a tool definition. */
export interface SkillToolParts<Input> {
  name: SkillToolName;
  /** Advertised to the model (may be narrower than `accepts`, e.g. an enum of names). */
  advertises: z.ZodType;
  /** Checked on each call: a name outside a stale enum still gets a useful answer. */
  accepts: z.ZodType<Input>;
  run(input: Input): Promise<ToolResult>;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "input"}: ${issue.message}`)
    .join("; ");
}

/** Builds a tool whose handler validates, runs and turns any failure into an error result. */
export function defineSkillTool<Input>(parts: SkillToolParts<Input>): SkillTool {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(parts.advertises, { io: "input" }) as Record<
    string,
    unknown
  >;
  return {
    name: parts.name,
    description: readPrompt(`tool-${parts.name}.md`),
    inputSchema: parts.advertises,
    jsonSchema,
    async handler(input) {
      const parsed = parts.accepts.safeParse(input ?? {});
      if (!parsed.success) {
        return toolError(
          "invalid-input",
          `Invalid ${parts.name} input: ${describeIssues(parsed.error)}. See the tool's parameters.`,
        );
      }
      try {
        return await parts.run(parsed.data);
      } catch (error) {
        if (SkillsetError.isInstance(error)) return toolError(error.code, error.message);
        const message = error instanceof Error ? error.message : String(error);
        return toolError("tool-failed", `${parts.name} failed: ${message}`);
      }
    },
  };
}
