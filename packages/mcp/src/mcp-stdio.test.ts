/**
 * The server as a separate process (`skillset mcp`) over stdio, driven by the official MCP SDK client:
 * capabilities, every tool, prompts, resources and their template, traversal refused, a new skill
 * announced, bad input answered while the server keeps serving.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type CallToolResult,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKILLSET_BIN } from "./testing/cli-path.js";
import { createSkillProject, SECRET, serverEnv } from "./testing/skill-project.js";
import { type StdioSession, startStdioClient } from "./testing/start-stdio-client.js";

let temp: TempDir;
let session: StdioSession;
let client: Client;

beforeAll(async () => {
  temp = await createSkillProject();
  session = await startStdioClient(temp.join("project"), serverEnv(temp));
  client = session.client;
});

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

describe("skillset mcp over stdio", () => {
  it("announces tools, resources, prompts and completions, each with list-changed", () => {
    expect(client.getServerVersion()?.name).toBe("skillset");
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      resources: { listChanged: true },
      prompts: { listChanged: true },
      completions: {},
    });
    expect(client.getInstructions()).toContain("skill_search");
  });

  it("lists the four tools with input schemas, and an output schema for search", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["skill_search", "skill_load", "use_skill", "skill_read"]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe("object");
    expect(tools[0]?.inputSchema.properties).toHaveProperty("query");
    expect(tools[0]?.outputSchema?.properties).toHaveProperty("results");
  });

  it("skill_search finds a skill (structured) and refuses an empty query", async () => {
    const found = await call("skill_search", { query: "merge PDF files" });
    expect(found.isError).toBeFalsy();
    const results = (found.structuredContent as { results: { name: string; scope: string }[] }).results;
    expect(results[0]).toMatchObject({ name: "pdf", scope: "repo" });
    expect(results.map((result) => result.name)).not.toContain("deploy");
    const empty = await call("skill_search", { query: "  " });
    expect(empty.isError).toBe(true);
  });

  it("skill_load returns the tool envelope and suggests near names for an unknown one", async () => {
    const loaded = await call("skill_load", { name: "release-notes" });
    expect(loaded.isError).toBeFalsy();
    expect(textOf(loaded)).toContain("Run git log since the last tag");
    const unknown = await call("skill_load", { name: "release-note" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("release-notes");
  });

  it("use_skill renders arguments, runs a fork skill inline without a host, refuses a user-only skill", async () => {
    const used = await call("use_skill", { skill: "pdf", args: "report.pdf" });
    expect(textOf(used)).toContain("Work on the PDF report.pdf");
    const fork = await call("use_skill", { skill: "deep-review", args: "PR-7" });
    expect(fork.isError).toBeFalsy();
    expect(textOf(fork)).toContain("subagent");
    expect(textOf(fork)).toContain("Review PR-7 line by line");
    const userOnly = await call("use_skill", { skill: "deploy" });
    expect(userOnly.isError).toBe(true);
  });

  it("skill_read reads a bundled file and refuses traversal and links out", async () => {
    const read = await call("skill_read", { uri: "skill://pdf/references/tables.md" });
    expect(textOf(read)).toContain("Use pdfplumber for tables.");
    for (const uri of [
      "skill://pdf/../../../secret.txt",
      "skill://pdf/..%2F..%2F..%2Fsecret.txt",
      "skill://pdf/leak.md",
    ]) {
      const refused = await call("skill_read", { uri });
      expect(refused.isError, uri).toBe(true);
      expect(textOf(refused)).not.toContain(SECRET);
    }
  });

  it("answers an unknown tool with a protocol error and wrong argument types with a tool error", async () => {
    await expect(call("rm_rf", {})).rejects.toSatisfy(
      (error) => error instanceof McpError && error.code === -32602,
    );
    const wrong = await call("skill_search", { query: 42 });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toMatch(/query/);
  });

  it("refuses 10 MB arguments with a tool error and keeps serving", async () => {
    const huge = await call("skill_search", { query: "x".repeat(10 * 1024 * 1024) });
    expect(huge.isError).toBe(true);
    expect(textOf(huge)).toMatch(/limit/);
    const after = await call("skill_search", { query: "release notes" });
    expect(after.isError).toBeFalsy();
  });

  it("offers one prompt per user-invocable skill, shadowed ones by a qualified name, with the argument hint", async () => {
    const { prompts } = await client.listPrompts();
    const names = prompts.map((prompt) => prompt.name);
    expect(names).toEqual(
      expect.arrayContaining(["pdf", "pdf@user", "release-notes", "deep-review", "deploy"]),
    );
    expect(names).not.toContain("house-style");
    expect(prompts.find((prompt) => prompt.name === "pdf")?.arguments).toEqual([
      { name: "arguments", description: "[file]", required: false },
    ]);
    const prompt = await client.getPrompt({ name: "pdf", arguments: { arguments: "invoice.pdf" } });
    const message = prompt.messages[0];
    expect(message?.role).toBe("user");
    expect(message?.content.type === "text" && message.content.text).toContain("Work on the PDF invoice.pdf");
    const shadowed = await client.getPrompt({ name: "pdf@user" });
    expect(shadowed.messages[0]?.content.type === "text" && shadowed.messages[0].content.text).toContain(
      "Old PDF instructions.",
    );
    await expect(client.getPrompt({ name: "no-such-skill" })).rejects.toBeInstanceOf(McpError);
  });

  it("lists skills and bundled files as skill:// resources, with a template that completes", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        "skill://pdf/SKILL.md",
        "skill://user.agents/pdf/SKILL.md",
        "skill://pdf/references/tables.md",
        "skill://pdf/scripts/merge.sh",
      ]),
    );
    expect(uris).not.toContain("skill://deploy/SKILL.md");
    expect(uris.some((uri) => uri.includes("leak.md"))).toBe(false);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe("skill://{name}/{+path}");
    const read = await client.readResource({ uri: "skill://pdf/references/tables.md" });
    expect(read.contents[0]).toMatchObject({
      uri: "skill://pdf/references/tables.md",
      mimeType: "text/markdown",
    });
    const ref = { type: "ref/resource" as const, uri: "skill://{name}/{+path}" };
    const names = await client.complete({ ref, argument: { name: "name", value: "re" } });
    expect(names.completion.values).toEqual(["release-notes"]);
    const paths = await client.complete({
      ref,
      argument: { name: "path", value: "ref" },
      context: { arguments: { name: "pdf" } },
    });
    expect(paths.completion.values).toEqual(["references/tables.md"]);
  });

  it("refuses resource reads that leave the skill folder", async () => {
    for (const uri of [
      "skill://pdf/../../../secret.txt",
      "skill://pdf/%2E%2E/%2E%2E/secret.txt",
      "skill://pdf/leak.md",
      "skill://deploy",
    ]) {
      await expect(client.readResource({ uri }), uri).rejects.toBeInstanceOf(McpError);
    }
  });

  it("announces a new skill with list-changed notifications", async () => {
    const resourcesChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    const promptsChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(PromptListChangedNotificationSchema, () => resolve()),
    );
    await temp.writeSkill(
      "project/.agents/skills/changelog",
      { name: "changelog", description: "Keep a changelog" },
      "Add an entry.\n",
    );
    await Promise.all([resourcesChanged, promptsChanged]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain("changelog");
    const loaded = await call("skill_load", { name: "changelog" });
    expect(textOf(loaded)).toContain("Add an entry.");
  });

  it("takes a skill switched off by another process (`skillset disable`) out at once, and back when switched on", async () => {
    await temp.writeSkill(
      "project/.agents/skills/switchy",
      { name: "switchy", description: "Use when switching" },
      "Switch body.\n",
    );
    const cli = async (...argv: string[]) => {
      const child = spawn(process.execPath, [SKILLSET_BIN, ...argv], {
        cwd: temp.join("project"),
        env: serverEnv(temp),
        stdio: "ignore",
      });
      const [code] = await once(child, "exit");
      expect(code).toBe(0);
    };
    const until = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 15_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error("the server did not see the change within 15 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const loads = async () => !(await call("skill_load", { name: "switchy" })).isError;
    await until(loads);
    await cli("disable", "switchy");
    await until(async () => !(await loads()));
    const refused = await call("skill_load", { name: "switchy" });
    expect(textOf(refused)).toContain("disabled");
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).not.toContain("switchy");
    await cli("enable", "switchy");
    await until(loads);
  });

  it("hides a denied skill everywhere and refuses it on every path", async () => {
    const search = await call("skill_search", { query: "secret plan" });
    expect(JSON.stringify(search.structuredContent)).not.toContain("secret-plan");
    const load = await call("skill_load", { name: "secret-plan" });
    expect(load.isError).toBe(true);
    expect(textOf(load)).not.toContain("Nobody may read this");
    expect((await call("skill_read", { uri: "skill://secret-plan" })).isError).toBe(true);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).not.toContain("secret-plan");
    await expect(client.getPrompt({ name: "secret-plan" })).rejects.toBeInstanceOf(McpError);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).not.toContain("skill://secret-plan");
    await expect(client.readResource({ uri: "skill://secret-plan" })).rejects.toBeInstanceOf(McpError);
  });

  it("asks the person through elicitation for an ask rule, and refuses when the client cannot ask", async () => {
    const cannotAsk = await call("skill_load", { name: "guarded" });
    expect(cannotAsk.isError).toBe(true);
    expect(textOf(cannotAsk)).toContain("confirmation");
    for (const allow of [true, false]) {
      const asking = await startStdioClient(temp.join("project"), serverEnv(temp), allow);
      try {
        const loaded = (await asking.client.callTool({
          name: "skill_load",
          arguments: { name: "guarded" },
        })) as CallToolResult;
        expect(Boolean(loaded.isError)).toBe(!allow);
        expect(textOf(loaded).includes("Guarded instructions.")).toBe(allow);
      } finally {
        await asking.close();
      }
    }
  });

  it("writes nothing but protocol on stdout, answers a malformed line with a parse error (an invalid request with its id) and keeps serving", async () => {
    const child = spawn(process.execPath, [SKILLSET_BIN, "mcp", "--cwd", temp.join("project")], {
      env: serverEnv(temp),
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    child.stdin.write("{this is not json\n");
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7 })}\n`);
    // A request with an id that is not a valid request: answered with its id (JSON-RPC's Invalid Request).
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: null })}\n`);
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    const deadline = Date.now() + 20_000;
    while (!stdout.includes('"id":1') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await once(child, "exit");
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => (line.error as { code?: number })?.code === -32700)).toHaveLength(2);
    expect(lines.find((line) => line.id === 8)).toMatchObject({ error: { code: -32600 } });
    expect(lines.find((line) => line.id === 1)).toMatchObject({
      result: { serverInfo: { name: "skillset" } },
    });
  });
});
