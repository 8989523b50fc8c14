/**
 * @module Starts `skillset mcp` over stdio as a child process and connects the official SDK client.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { SKILLSET_BIN } from "./cli-path.js";

/** A connected client and the server's stderr so far. */
export interface StdioSession {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/** Runs `skillset mcp --cwd <cwd>` with `env` and connects to it; `allow` answers elicitations when given. */
export async function startStdioClient(
  cwd: string,
  env: Record<string, string>,
  allow?: boolean,
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SKILLSET_BIN, "mcp", "--cwd", cwd],
    env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client(
    { name: "skillset-test", version: "1.0.0" },
    allow === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  );
  if (allow !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { allow } }));
  }
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}
