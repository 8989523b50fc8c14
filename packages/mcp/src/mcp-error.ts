/**
 * @module Protocol errors the server answers with: a code the client can match and a message that says
 * what to do. Tool failures are not protocol errors — they come back as tool results (SPEC §10).
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

/** A protocol error with code `code`, sent with `message` as it is. */
export function protocolError(code: number, message: string, data?: unknown): ProtocolError {
  return new ProtocolError(code, message, data);
}

/** A refusal or a bad parameter (`path-refused`, `uri-invalid`, `skill-denied`, …). */
export function invalidParams(message: string, code?: string): ProtocolError {
  return protocolError(ProtocolErrorCode.InvalidParams, message, code === undefined ? undefined : { code });
}

/**
 * Nothing at that name or path: -32602 with the request's id, as the 2026-07-28 revision and SEP-2640
 * require on every revision (earlier releases of this server sent -32002).
 */
export function notFound(message: string, code?: string): ProtocolError {
  return invalidParams(message, code);
}

const NOT_FOUND_CODES = new Set(["skill-not-found", "file-not-found"]);

/**
 * The protocol error for a failed core result with stable `code`; `uri`: the resource asked for, echoed
 * in `data` as resources/read misses carry it (SEP-2164).
 */
export function errorForCode(code: string | undefined, message: string, uri?: string): ProtocolError {
  if (uri !== undefined) {
    return protocolError(ProtocolErrorCode.InvalidParams, message, {
      ...(code === undefined ? {} : { code }),
      uri,
    });
  }
  return code !== undefined && NOT_FOUND_CODES.has(code)
    ? notFound(message, code)
    : invalidParams(message, code);
}
