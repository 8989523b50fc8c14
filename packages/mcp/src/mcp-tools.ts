/**
 * @module Tools (SPEC §10, §13): the core's four skill tools as MCP tools — their JSON Schemas as input
 * schemas, their data as structured content, their errors as tool results the model can act on. An
 * unknown tool is a protocol error; arguments over 1 MiB are refused before any work.
 */

import { type CallToolResult, type Server, specTypeSchemas, type Tool } from "@modelcontextprotocol/server";
import { stripControls } from "@skillset/core/model";
import type { SkillTool, ToolResult } from "@skillset/core/tools";
import { setCheckedRequestHandler } from "./checked-request-handler.js";
import { invalidParams } from "./mcp-error.js";
import type { McpConnection } from "./open-mcp-skills.js";

/** Largest tool arguments accepted, as JSON text. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024;

/** What `skill_search` returns as structured content (its `data`). */
const searchOutputSchema = {
  type: "object",
  properties: {
    query: { type: "string" },
    count: { type: "integer" },
    results: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          description: { type: "string" },
          path: { type: "string" },
          scope: { type: "string" },
          score: { type: "number" },
          reason: { type: "string", enum: ["exact_path", "exact_name", "prefix", "text"] },
        },
        required: ["name", "description", "path", "scope", "score", "reason"],
      },
    },
  },
  required: ["query", "count", "results"],
} as const;

function describeTool(tool: SkillTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.jsonSchema as Tool["inputSchema"],
    ...(tool.name === "skill_search"
      ? { outputSchema: searchOutputSchema as unknown as Tool["outputSchema"] }
      : {}),
    // Reading skills changes nothing outside the session; `use_skill` may start a host task.
    annotations: { readOnlyHint: tool.name !== "use_skill", openWorldHint: false },
  };
}

function toCallResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: "text", text: result.text }],
    ...(result.isError ? { isError: true } : {}),
    ...(result.data === undefined ? {} : { structuredContent: result.data }),
  };
}

function argumentBytes(args: unknown): number {
  return args === undefined ? 0 : Buffer.byteLength(JSON.stringify(args));
}

/** Registers tools/list and tools/call on `server`. */
export function registerTools(server: Server, connection: McpConnection): void {
  setCheckedRequestHandler(server, "tools/list", specTypeSchemas.ListToolsRequest, async () => ({
    tools: connection.tools().map(describeTool),
  }));

  setCheckedRequestHandler(server, "tools/call", specTypeSchemas.CallToolRequest, async (request) => {
    const { name, arguments: args } = request.params;
    const tool = connection.tools().find((candidate) => candidate.name === name);
    if (!tool) {
      const known = connection
        .tools()
        .map((candidate) => candidate.name)
        .join(", ");
      throw invalidParams(`Unknown tool '${stripControls(name.slice(0, 100))}'. Tools: ${known}.`);
    }
    const bytes = argumentBytes(args);
    if (bytes > MAX_ARGUMENT_BYTES) {
      return toCallResult({
        isError: true,
        code: "input-too-large",
        text: `The ${name} arguments are ${bytes} bytes, over the ${MAX_ARGUMENT_BYTES}-byte limit. Send a shorter input.`,
      });
    }
    return toCallResult(await tool.handler(args ?? {}));
  });
}
