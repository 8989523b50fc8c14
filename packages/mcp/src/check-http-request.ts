/**
 * @module Who may talk to the HTTP server, decided before anything else: the Host header names this
 * server (DNS-rebinding protection on loopback), a browser Origin is one allowed, and the bearer token
 * matches when one is set. Pure, so each rule is tested on its own.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** The checks' settings. */
export interface HttpAccess {
  /** Host the server is bound to. */
  host: string;
  /** Port the server listens on. */
  port: number;
  /** Bearer token clients must send; none: no token needed. */
  token?: string;
  /** Browser origins allowed besides the server's own (`http://127.0.0.1:PORT`, `http://localhost:PORT`). */
  allowedOrigins?: readonly string[];
}

/** A refusal: the HTTP status and why. */
export interface Refusal {
  status: 401 | 403;
  message: string;
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** Whether `host` is a loopback address or name. */
export function isLoopback(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1" || host === "[::1]";
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `undefined` when the request may proceed, else the refusal to send. */
export function checkHttpRequest(headers: IncomingHttpHeaders, access: HttpAccess): Refusal | undefined {
  if (isLoopback(access.host)) {
    // A web page that rebinds its own name to 127.0.0.1 still sends that name as Host.
    const allowedHosts = LOOPBACK_NAMES.map((name) => `${name}:${access.port}`);
    if (!allowedHosts.includes(headers.host ?? "")) {
      return { status: 403, message: `Host '${headers.host ?? ""}' is not this server.` };
    }
  }
  const origin = headers.origin;
  if (origin !== undefined) {
    const own = LOOPBACK_NAMES.map((name) => `http://${name}:${access.port}`);
    if (!own.includes(origin) && !(access.allowedOrigins ?? []).includes(origin)) {
      return { status: 403, message: `Origin '${origin}' is not allowed.` };
    }
  }
  if (access.token !== undefined) {
    const header = headers.authorization ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !sameSecret(match[1] as string, access.token)) {
      return { status: 401, message: "A valid bearer token is required (Authorization: Bearer <token>)." };
    }
  }
  return undefined;
}
