/**
 * Malformed params are the client's mistake (SPEC §13): answered with -32602 Invalid params and a message
 * naming the field, never -32603 Internal error with a schema dump; and a protocol error's message carries
 * the `MCP error <code>:` prefix once, not twice.
 */
import { McpError, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSkillProject, serverEnv } from "./testing/skill-project.js";
import { type StdioSession, startStdioClient } from "./testing/start-stdio-client.js";

let temp: TempDir;
let session: StdioSession;

beforeAll(async () => {
  temp = await createSkillProject("skillset-mcp-params-");
  session = await startStdioClient(temp.join("project"), serverEnv(temp));
});
afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

/** Sends `params` as they are (the client's typed helpers would not let them through). */
async function rejection(method: string, params: Record<string, unknown>): Promise<McpError> {
  const error = await session.client.request({ method, params }, ResultSchema).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, method).toBeInstanceOf(McpError);
  return error as McpError;
}

describe("skillset mcp: malformed params", () => {
  it.each([
    ["tools/call", { name: "skill_search", arguments: "notanobject" }, "params.arguments"],
    ["resources/read", { uri: 123 }, "params.uri"],
    ["prompts/get", { name: "pdf", arguments: { arguments: 5 } }, "params.arguments.arguments"],
    ["resources/list", { cursor: 7 }, "params.cursor"],
  ])("answers %s with a bad field with -32602 naming the field", async (method, params, field) => {
    const error = await rejection(method, params);
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
    expect(error.message).not.toContain('"code"');
    expect(error.message.match(/MCP error/g)).toHaveLength(1);
  });

  it("gives a refusal's message one MCP error prefix", async () => {
    const error = await rejection("resources/read", { uri: "skill://pdf/../../secret.txt" });
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^MCP error -32602: Refused /);
  });

  it("still answers an unknown method with Method not found", async () => {
    const error = await rejection("no/such-method", {});
    expect(error.code).toBe(-32601);
  });
});
