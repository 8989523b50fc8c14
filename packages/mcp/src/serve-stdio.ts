/**
 * @module The stdio transport: one client on stdin/stdout, of either era — the SDK's `serveStdio` pins
 * the connection to a 2025 session (`initialize`) or serves 2026-07-28 requests (`server/discover`, then
 * per-request envelopes) from the same server factory. Nothing but protocol is written to stdout; the
 * server ends when stdin ends.
 */
import { type Readable, Transform, type Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { type JSONRPCMessage, ProtocolErrorCode, parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { StdioServerTransport, serveStdio as serveSdkStdio } from "@modelcontextprotocol/server/stdio";
import { createSkillServer } from "./create-skill-server.js";
import type { McpSkills } from "./open-mcp-skills.js";

/** Largest message read from stdin: room for a 10 MB tool argument, which the tool then refuses. */
const MAX_STDIO_MESSAGE_BYTES = 32 * 1024 * 1024;

const PARSE_ERROR = {
  jsonrpc: "2.0",
  id: null,
  error: { code: ProtocolErrorCode.ParseError, message: "Parse error: not a JSON-RPC message." },
} as unknown as JSONRPCMessage;

/** The answer owed to a request with an id that is not a valid JSON-RPC request (`params: null`, …). */
function invalidRequest(id: string | number): JSONRPCMessage {
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: ProtocolErrorCode.InvalidRequest,
      message: "Invalid Request: not a valid JSON-RPC request.",
    },
  } as unknown as JSONRPCMessage;
}

/** The id of a request that is JSON but not a valid JSON-RPC message, or undefined (then no id is owed). */
function idOfInvalid(message: unknown): string | number | undefined {
  if (message === null || typeof message !== "object" || !("method" in message)) return undefined;
  const id = (message as { id?: unknown }).id;
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  try {
    parseJSONRPCMessage(message);
    return undefined;
  } catch {
    return id;
  }
}

/**
 * Passes stdin through line by line. A line that is not JSON is dropped with `onParseError` (the SDK's
 * reader skips it without a word, and the client is owed a parse error); a request that is JSON but not
 * a valid JSON-RPC request (`"params": null`) is dropped with `onInvalid(id)`, so its answer carries its id.
 */
function reportUnparsedLines(onParseError: () => void, onInvalid: (id: string | number) => void): Transform {
  let pending = "";
  // A character split across two chunks stays whole.
  const decoder = new StringDecoder("utf8");
  const check = (line: string) => {
    if (line.trim() === "") return false;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      onParseError();
      return false;
    }
    const invalid = idOfInvalid(message);
    if (invalid === undefined) return true;
    onInvalid(invalid);
    return false;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += decoder.write(chunk);
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (check(line)) this.push(`${line}\n`);
        newline = pending.indexOf("\n");
      }
      // A message longer than the transport's buffer is the transport's to refuse.
      if (pending.length > MAX_STDIO_MESSAGE_BYTES) {
        this.push(pending);
        pending = "";
      }
      done();
    },
    flush(done) {
      pending += decoder.end();
      if (check(pending)) this.push(pending);
      done();
    },
  });
}

/**
 * Serves `skills` on `stdin`/`stdout` until stdin ends or the transport fails; resolves then.
 * @example await serveStdio(skills, { stdin: process.stdin, stdout: process.stdout });
 */
export async function serveStdio(
  skills: McpSkills,
  streams: { stdin: Readable; stdout: Writable },
): Promise<void> {
  const lines = reportUnparsedLines(
    () => void transport.send(PARSE_ERROR).catch(() => {}),
    (id) => void transport.send(invalidRequest(id)).catch(() => {}),
  );
  streams.stdin.pipe(lines);
  const transport: StdioServerTransport = new StdioServerTransport(lines, streams.stdout, {
    maxBufferSize: MAX_STDIO_MESSAGE_BYTES,
  });
  const closed = new Promise<void>((resolve) => {
    streams.stdin.once("end", resolve);
    streams.stdin.once("close", resolve);
  });
  const handle = serveSdkStdio(() => createSkillServer(skills), {
    transport,
    onerror: (error) => {
      // JSON that is not a JSON-RPC message: reported here, answered with the parse error it is owed.
      if (error.name === "ZodError") void transport.send(PARSE_ERROR).catch(() => {});
    },
  });
  await closed;
  await handle.close().catch(() => {});
}
