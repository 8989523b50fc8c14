/**
 * @module Protocol errors the server answers with: a code the client can match and a message that says
 * what to do. Tool failures are not protocol errors — they come back as tool results (SPEC §10).
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** JSON-RPC code MCP uses for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * A protocol error whose message is `message` alone: `McpError` prefixes `MCP error <code>:` to its
 * message, the server sends that message, and the client's `McpError` prefixes it again.
 */
export function protocolError(code: number, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}

/** A refusal or a bad parameter (`path-refused`, `uri-invalid`, `skill-denied`, …). */
export function invalidParams(message: string, code?: string): McpError {
  return protocolError(ErrorCode.InvalidParams, message, code === undefined ? undefined : { code });
}

/** Nothing at that name or path. */
export function notFound(message: string, code?: string): McpError {
  return protocolError(RESOURCE_NOT_FOUND, message, code === undefined ? undefined : { code });
}

const NOT_FOUND_CODES = new Set(["skill-not-found", "file-not-found"]);

/** The protocol error for a failed core result with stable `code`. */
export function errorForCode(code: string | undefined, message: string): McpError {
  return code !== undefined && NOT_FOUND_CODES.has(code)
    ? notFound(message, code)
    : invalidParams(message, code);
}
