/**
 * @module Reading a JSON request body with a size cap: a body over the cap is not kept in memory, and
 * a declared length over it is refused before reading.
 */
import type { IncomingMessage } from "node:http";

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: "too-large" | "invalid-json" };

/** Reads and parses `request`'s body, at most `maxBytes`. */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  if (Number(request.headers["content-length"]) > maxBytes) {
    request.resume();
    return { ok: false, reason: "too-large" };
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request) {
    received += (chunk as Buffer).length;
    if (received > maxBytes) {
      request.resume();
      return { ok: false, reason: "too-large" };
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { ok: false, reason: "invalid-json" };
  }
}
