/**
 * @module Test fixture: an HTTP server on 127.0.0.1 serving a folder and in-memory routes, and a port that
 * is known to be closed (for unreachable-host tests that never leave the machine).
 */
import { readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";

export interface TestServer {
  url: string;
  /** Serves `body` at `path` (overrides the folder). */
  route(path: string, body: Buffer | string): void;
  /** Requests seen, by path. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `folder` (when given) and routes on 127.0.0.1 with a random port. */
export async function serveHttp(folder?: string): Promise<TestServer> {
  const routes = new Map<string, Buffer>();
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    requests.push(path);
    const routed = routes.get(path);
    if (routed) return void response.end(routed);
    if (folder) {
      const file = join(folder, normalize(path));
      if (file.startsWith(folder) && (await stat(file).catch(() => undefined))?.isFile())
        return void response.end(await readFile(file));
    }
    response.statusCode = 404;
    response.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    route: (path, body) => void routes.set(path, Buffer.from(body)),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
