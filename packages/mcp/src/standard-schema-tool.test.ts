/**
 * A tool whose input is a skillset schema, registered on the official MCP SDK v2 server as it is
 * (Standard Schema with its JSON Schema extension, no zod in our code): the client is shown the schema's
 * JSON Schema, valid arguments reach the handler checked, and invalid ones are refused in skillset's words.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { integer, object, optional, string } from "@skillset/core/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const forecastInput = object({
  city: string({ minLength: 1 }).describe("Which city"),
  days: optional(integer({ min: 1, max: 7 })),
});

describe("a skillset schema as an MCP SDK v2 tool input (Standard Schema)", () => {
  const received: unknown[] = [];
  const client = new Client({ name: "schema-test", version: "1" });
  const server = new McpServer({ name: "schema-server", version: "1" });

  beforeAll(async () => {
    server.registerTool(
      "forecast",
      { description: "The weather ahead", inputSchema: forecastInput },
      async (checked) => {
        received.push(checked);
        return {
          content: [{ type: "text", text: `${checked.city}: sunny for ${checked.days ?? 1} day(s)` }],
        };
      },
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it("lists the schema's JSON Schema as the tool's input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === "forecast")?.inputSchema).toMatchObject({
      type: "object",
      properties: { city: { type: "string", minLength: 1, description: "Which city" } },
      required: ["city"],
    });
  });

  it("passes checked arguments to the handler, and refuses others in skillset's words", async () => {
    const ok = await client.callTool({ name: "forecast", arguments: { city: "Oslo", days: 3 } });
    expect(ok.content).toEqual([{ type: "text", text: "Oslo: sunny for 3 day(s)" }]);
    expect(received).toEqual([{ city: "Oslo", days: 3 }]);
    const bad = await client.callTool({ name: "forecast", arguments: { city: "", days: 30 } }).then(
      (result) => JSON.stringify(result),
      (error: unknown) => String(error),
    );
    expect(bad).toContain("'city' must be a non-empty string");
    expect(received).toHaveLength(1);
  });
});
