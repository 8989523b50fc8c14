/**
 * @module Serving an SDK skills extension over stdio or loopback HTTP, for tests and benches: real
 * server processes built with the official MCP TypeScript SDK v2 (`@modelcontextprotocol/server`).
 */
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

/**
 * Serves `extension` (a `SkillsExtension` or `SkillCatalog`) on stdio, or on 127.0.0.1 with `http`
 * (the port is printed as `PORT <n>` on stdout).
 */
export function serveSkills(extension, { http = false, name = "test-skills" } = {}) {
  const factory = () => {
    const mcp = new McpServer({ name, version: "1.0.0" }, { capabilities: {} });
    extension.attach(mcp);
    return mcp;
  };
  if (!http) {
    serveStdio(factory);
    return;
  }
  const handler = createMcpHandler(factory, { onerror: () => {} });
  const server = createServer(toNodeHandler(handler));
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`PORT ${server.address().port}\n`);
  });
}
