/**
 * @module The stdio transport: one client on stdin/stdout. Nothing but protocol is written to stdout;
 * the server ends when stdin ends.
 */
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createSkillServer } from "./create-skill-server.js";
import type { McpSkills } from "./open-mcp-skills.js";

/** Largest message read from stdin: room for a 10 MB tool argument, which the tool then refuses. */
const MAX_STDIO_MESSAGE_BYTES = 32 * 1024 * 1024;

/**
 * Serves `skills` on `stdin`/`stdout` until stdin ends or the transport fails; resolves then.
 * @example await serveStdio(skills, { stdin: process.stdin, stdout: process.stdout });
 */
export async function serveStdio(
  skills: McpSkills,
  streams: { stdin: Readable; stdout: Writable },
): Promise<void> {
  const server = createSkillServer(skills);
  const transport = new StdioServerTransport(streams.stdin, streams.stdout, {
    maxBufferSize: MAX_STDIO_MESSAGE_BYTES,
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = ((previous) => () => {
      previous?.();
      resolve();
    })(server.onclose);
  });
  const end = () => void server.close();
  streams.stdin.once("end", end);
  streams.stdin.once("close", end);
  await server.connect(transport);
  // The SDK skips a line that is not JSON-RPC without a word; the client gets the parse error it is owed.
  const onerror = transport.onerror;
  transport.onerror = (error) => {
    onerror?.(error);
    if (error instanceof SyntaxError || error.name === "ZodError") {
      const message = {
        jsonrpc: "2.0",
        id: null,
        error: { code: ErrorCode.ParseError, message: "Parse error: not a JSON-RPC message." },
      };
      void transport.send(message as unknown as JSONRPCMessage).catch(() => {});
    }
  };
  await closed;
}
