/**
 * @module Streamable HTTP (SPEC §13): one endpoint, `/mcp`, bound to 127.0.0.1 by default, serving both
 * eras. A 2026-07-28 request (it carries the per-request `_meta` envelope) is answered statelessly by the
 * SDK's `createMcpHandler` — `server/discover`, cache hints, `Mcp-Method`/`Mcp-Name` header checks —
 * from a server made for that one request; a 2025-06-18 / 2025-11-25 client gets a session of its own
 * (`initialize`, `Mcp-Session-Id`). Requests are checked (Host, Origin, bearer token) and bodies capped
 * before either path is touched; idle sessions are closed, and the number of sessions is bounded, so
 * clients that vanish without saying goodbye cost nothing for long.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  ProtocolErrorCode as ErrorCode,
  isInitializeRequest,
  isLegacyRequest,
} from "@modelcontextprotocol/server";
import { checkHttpRequest } from "./check-http-request.js";
import { createSkillServer } from "./create-skill-server.js";
import type { McpSkills } from "./open-mcp-skills.js";
import { readJsonBody } from "./read-json-body.js";

/** Options of `serveHttp`. */
export interface HttpServeOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: any free port (see `HttpServer.port`). */
  port?: number;
  /** Bearer token clients must send. */
  token?: string;
  /** Browser origins allowed besides the server's own. */
  allowedOrigins?: readonly string[];
  /** Largest request body (default 4 MiB); larger ones get 413. */
  maxBodyBytes?: number;
  /** A session unused this long is closed (default 30 minutes). */
  sessionIdleMs?: number;
  /** Most open sessions (default 1,000); a new one closes the least recently used. */
  maxSessions?: number;
}

/** A running HTTP server. */
export interface HttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:3917/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Open sessions. */
  sessions(): number;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

/** The endpoint path. */
export const MCP_PATH = "/mcp";

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  lastSeen: number;
}

function sendError(response: ServerResponse, status: number, code: number, message: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (status === 401) headers["www-authenticate"] = 'Bearer realm="skillset"';
  response.writeHead(status, headers);
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/**
 * Starts serving `skills` over Streamable HTTP.
 * @example const http = await serveHttp(skills, { port: 3917, token }); console.error(http.url);
 */
export async function serveHttp(skills: McpSkills, options: HttpServeOptions = {}): Promise<HttpServer> {
  const host = options.host ?? "127.0.0.1";
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const maxSessions = options.maxSessions ?? 1000;
  const sessions = new Map<string, Session>();
  let port = options.port ?? 0;
  // 2026-07-28 traffic: one server per request, from the same factory as the sessions.
  const modern = createMcpHandler(() => createSkillServer(skills), {
    legacy: "reject",
    maxRequestBodySize: maxBodyBytes,
  });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: maxBodyBytes });
  // Stateless clients hear of changes on their `subscriptions/listen` streams.
  const stopNotifying = skills.onChange(() => {
    modern.notify.resourcesChanged();
    modern.notify.promptsChanged();
    modern.notify.toolsChanged();
  });

  const closeSession = (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    void session.transport.close().catch(() => {});
  };

  const openSession = async (): Promise<NodeStreamableHTTPServerTransport> => {
    if (sessions.size >= maxSessions) {
      let oldest: [string, Session] | undefined;
      for (const pair of sessions) if (!oldest || pair[1].lastSeen < oldest[1].lastSeen) oldest = pair;
      if (oldest) closeSession(oldest[0]);
    }
    const server = createSkillServer(skills);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      void server.close().catch(() => {});
    };
    await server.connect(transport);
    return transport;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== MCP_PATH) {
      sendError(response, 404, ErrorCode.InvalidRequest, `Not found: the MCP endpoint is ${MCP_PATH}.`);
      return;
    }
    const refusal = checkHttpRequest(request.headers, {
      host,
      port,
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    });
    if (refusal) {
      sendError(response, refusal.status, ErrorCode.InvalidRequest, refusal.message);
      return;
    }
    let body: unknown;
    if (request.method === "POST") {
      const read = await readJsonBody(request, maxBodyBytes);
      if (!read.ok) {
        if (read.reason === "too-large") {
          sendError(response, 413, ErrorCode.InvalidRequest, `Request body over ${maxBodyBytes} bytes.`);
        } else {
          sendError(response, 400, ErrorCode.ParseError, "Parse error: the body is not valid JSON.");
        }
        return;
      }
      body = read.value;
    }
    if (request.method === "POST" && !(await isLegacyRequest(await toWebRequest(request, body), body))) {
      await serveModern(request, response, body);
      return;
    }
    const id = request.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.get(id);
      if (!session) {
        sendError(response, 404, ErrorCode.InvalidRequest, "Unknown or expired session: initialize again.");
        return;
      }
      session.lastSeen = Date.now();
      await session.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== "POST" || !isInitializeRequest(body)) {
      sendError(response, 400, ErrorCode.InvalidRequest, "No session: the first request must be initialize.");
      return;
    }
    const transport = await openSession();
    await transport.handleRequest(request, response, body);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendError(response, 500, ErrorCode.InternalError, `Internal error: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  const sweep = setInterval(
    () => {
      const before = Date.now() - idleMs;
      for (const [id, session] of sessions) if (session.lastSeen < before) closeSession(id);
    },
    Math.max(1000, Math.min(idleMs / 2, 60_000)),
  );
  sweep.unref();
  const shownHost = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    port,
    sessions: () => sessions.size,
    async close() {
      clearInterval(sweep);
      stopNotifying();
      await modern.close().catch(() => {});
      await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => {})));
      sessions.clear();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
