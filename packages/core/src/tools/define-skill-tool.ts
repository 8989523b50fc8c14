/**
 * @module One skill tool: an input schema (the source), the JSON Schema derived from it, a description
 * from `packages/core/prompts/`, and a handler that never throws.
 */
import { readPrompt } from "../catalog/read-prompt.js";
import { SkillsetError } from "../model/errors.js";
import { describeSchemaIssue, type SchemaIssue, type ValueSchema } from "../model/schema/index.js";
import { type ToolResult, toolError } from "./tool-result.js";
import type { SkillToolName } from "./tools-context.js";

/** A tool definition plus its handler, usable by any host (MCP server, AI SDK, a custom loop). */
export interface SkillTool {
  name: SkillToolName;
  /** What the model reads about the tool (from `prompts/tool-<name>.md`). */
  description: string;
  /** The input schema as advertised (with the name enum when the catalog is small). */
  inputSchema: ValueSchema<unknown>;
  /** `inputSchema` as JSON Schema (draft 2020-12, no `$schema` key): `{ type: "object", … }`. */
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
  advertises: ValueSchema<unknown>;
  /** Checked on each call: a name outside a stale enum still gets a useful answer. */
  accepts: ValueSchema<Input>;
  run(input: Input): Promise<ToolResult>;
}

function describeIssues(issues: readonly SchemaIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => describeSchemaIssue(issue, "the input"))
    .join("; ");
}

/** Builds a tool whose handler validates, runs and turns any failure into an error result. */
export function defineSkillTool<Input>(parts: SkillToolParts<Input>): SkillTool {
  return {
    name: parts.name,
    description: readPrompt(`tool-${parts.name}.md`),
    inputSchema: parts.advertises,
    jsonSchema: parts.advertises.toJsonSchema(),
    async handler(input) {
      const checked = parts.accepts.check(input ?? {});
      if (!checked.ok) {
        return toolError(
          "invalid-input",
          `Invalid ${parts.name} input: ${describeIssues(checked.issues)}. See the tool's parameters.`,
        );
      }
      try {
        return await parts.run(checked.value);
      } catch (error) {
        if (SkillsetError.isInstance(error)) return toolError(error.code, error.message);
        const message = error instanceof Error ? error.message : String(error);
        return toolError("tool-failed", `${parts.name} failed: ${message}`);
      }
    },
  };
}
