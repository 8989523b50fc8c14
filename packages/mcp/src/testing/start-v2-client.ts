/**
 * @module Connects the official SDK v2 client (`@modelcontextprotocol/client`) and its skills extension
 * client to `skillset mcp`: over stdio (a child process) or over HTTP (a server from `startHttpServer`),
 * on the 2026-07-28 revision (stateless requests) or the 2025-11-25 one (a session).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SKILLSET_BIN } from "./cli-path.js";

/** How to reach the server. */
export type V2Route =
  | { kind: "stdio"; cwd: string; env: Record<string, string> }
  | { kind: "http"; url: URL };

/** A connected v2 client with its skills client. */
export interface V2Session {
  client: Client;
  skills: SkillsClient;
  close(): Promise<void>;
}

/** Connects over `route`; `era`: `modern` pins 2026-07-28, `legacy` speaks 2025-11-25 (`initialize`). */
export async function startV2Client(route: V2Route, era: "modern" | "legacy"): Promise<V2Session> {
  const client = new Client(
    { name: "skillset-v2-test", version: "1.0.0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const transport =
    route.kind === "stdio"
      ? new StdioClientTransport({
          command: process.execPath,
          args: [SKILLSET_BIN, "mcp", "--cwd", route.cwd],
          env: route.env,
          stderr: "ignore",
        })
      : new StreamableHTTPClientTransport(route.url);
  await client.connect(transport);
  return { client, skills: new SkillsClient(client), close: () => client.close() };
}
