/**
 * The server as a separate process (`skillset mcp --http`) over Streamable HTTP, driven by the official
 * MCP SDK client: the protocol end to end, the bearer token and the Host/Origin checks, and bad input —
 * malformed bodies, 10 MB bodies, unknown sessions, a client gone mid-call, 1,000 connections opened and
 * dropped — after which the server still serves and its memory is back near where it was.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type CallToolResult,
  McpError,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSkillProject, SECRET, serverEnv } from "./testing/skill-project.js";
import { type HttpServerProcess, startHttpServer } from "./testing/start-http-server.js";

const TOKEN = "test-token-0123456789";
let temp: TempDir;
let server: HttpServerProcess;

beforeAll(async () => {
  temp = await createSkillProject();
  server = await startHttpServer(temp.join("project"), serverEnv(temp), ["--token", TOKEN]);
});

afterAll(async () => {
  await server?.stop();
  await temp?.cleanup();
});

async function connectClient(
  token: string | null = TOKEN,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(server.url, {
    requestInit: token === null ? {} : { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "skillset-http-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

const initializeBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

/** A raw POST to the endpoint with `headers` (Host can be set, unlike with fetch). */
function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      server.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${TOKEN}`,
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function stillServes(): Promise<void> {
  const { client } = await connectClient();
  const result = (await client.callTool({
    name: "skill_search",
    arguments: { query: "pdf" },
  })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  await client.close();
}

describe("skillset mcp --http", () => {
  it("serves every tool, prompts and resources to the SDK client", async () => {
    const { client, transport } = await connectClient();
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const call = (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
    const search = await call("skill_search", { query: "release notes from git" });
    expect((search.structuredContent as { results: { name: string }[] }).results[0]?.name).toBe(
      "release-notes",
    );
    expect((await call("skill_load", { name: "pdf", args: "a.pdf" })).isError).toBeFalsy();
    expect((await call("skill_load", { name: "nope-nope" })).isError).toBe(true);
    expect(textOf(await call("use_skill", { skill: "release-notes" }))).toContain("Group the commits");
    expect((await call("use_skill", { skill: "house-style", args: 3 })).isError).toBe(true);
    expect(textOf(await call("skill_read", { uri: "skill://pdf/references/tables.md" }))).toContain(
      "pdfplumber",
    );
    const leak = await call("skill_read", { uri: "skill://pdf/leak.md" });
    expect(leak.isError).toBe(true);
    expect(textOf(leak)).not.toContain(SECRET);
    await expect(call("no_such_tool", {})).rejects.toBeInstanceOf(McpError);
    const prompt = await client.getPrompt({ name: "deep-review", arguments: { arguments: "PR-9" } });
    expect(JSON.stringify(prompt.messages)).toContain("Review PR-9 line by line");
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain("skill://release-notes/SKILL.md");
    await expect(client.readResource({ uri: "skill://pdf/../../secret.txt" })).rejects.toBeInstanceOf(
      McpError,
    );
    await transport.terminateSession();
    await client.close();
  });

  it("sends list-changed notifications on the session's stream", async () => {
    const { client } = await connectClient();
    let notified = 0;
    let wake = () => {};
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notified++;
      wake();
    });
    // The standalone stream opens shortly after initialize, and a change made before it is open is not
    // delivered on it: add skills one by one until a notification arrives (usually the first), no sleep.
    const added: string[] = [];
    for (let attempt = 0; notified === 0 && attempt < 20; attempt++) {
      const name = `http-new-${attempt}`;
      await temp.writeSkill(`project/.agents/skills/${name}`, { name, description: "Arrived over HTTP" });
      added.push(name);
      // A deadline, not a sleep: the notification ends the wait at once.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    expect(notified).toBeGreaterThan(0);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain(added.at(-1));
    await client.close();
  });

  it("requires the bearer token", async () => {
    await expect(connectClient(null)).rejects.toThrow();
    await expect(connectClient("wrong-token-0123456789")).rejects.toThrow();
    const missing = await post(initializeBody, { authorization: "" });
    expect(missing.status).toBe(401);
    const wrong = await post(initializeBody, { authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
  });

  it("refuses foreign Origin and Host headers (DNS rebinding)", async () => {
    const origin = await post(initializeBody, { origin: "http://evil.invalid" });
    expect(origin.status).toBe(403);
    const host = await post(initializeBody, { host: `evil.invalid:${server.url.port}` });
    expect(host.status).toBe(403);
    const own = await post(initializeBody, { origin: `http://127.0.0.1:${server.url.port}` });
    expect(own.status).toBe(200);
  });

  it("answers malformed JSON, non-initialize first requests, unknown sessions and 10 MB bodies with errors", async () => {
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).error.code).toBe(-32700);
    const early = await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    expect(early.status).toBe(400);
    const unknown = await post(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }), {
      "mcp-session-id": "00000000-0000-0000-0000-000000000000",
    });
    expect(unknown.status).toBe(404);
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "skill_search", arguments: { query: "x".repeat(10 * 1024 * 1024) } },
    });
    expect((await post(huge)).status).toBe(413);
    await stillServes();
  });

  it("keeps serving after a client disconnects mid-call", async () => {
    const { client, transport } = await connectClient();
    const sessionId = transport.sessionId as string;
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const outgoing = request(server.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${TOKEN}`,
            "mcp-session-id": sessionId,
            "mcp-protocol-version": "2025-06-18",
          },
        });
        outgoing.on("error", () => resolve());
        outgoing.write(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 100 + i,
            method: "tools/call",
            params: { name: "skill_search", arguments: { query: "merge pdf forms" } },
          }),
        );
        outgoing.end();
        // Gone before the answer arrives.
        setImmediate(() => {
          outgoing.destroy();
          resolve();
        });
      });
    }
    const after = (await client.callTool({
      name: "skill_load",
      arguments: { name: "pdf" },
    })) as CallToolResult;
    expect(after.isError).toBeFalsy();
    await client.close();
    await stillServes();
  });

  it("survives 1,000 connections opened and dropped, and its memory comes back", async () => {
    await stillServes();
    const before = server.rss();
    const port = Number(server.url.port);
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from(
          { length: 50 },
          (_, index) =>
            new Promise<void>((resolve) => {
              const socket = connect(port, "127.0.0.1", () => {
                // Half send a partial request first, half nothing at all.
                if (index % 2 === 0)
                  socket.write(
                    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 1000\r\n\r\n{"js`,
                  );
                socket.destroy();
              });
              socket.on("close", () => resolve());
              socket.on("error", () => resolve());
            }),
        ),
      );
    }
    // Sessions opened and closed properly leave nothing behind either.
    for (let i = 0; i < 50; i++) {
      const { client, transport } = await connectClient();
      await transport.terminateSession();
      await client.close();
    }
    await stillServes();
    const after = server.rss();
    expect(after - before).toBeLessThan(64 * 1024 * 1024);
  });
});
