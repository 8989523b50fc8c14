import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fetchBytes } from "./fetch-bytes.js";

// Real HTTP servers, on 127.0.0.1 only.
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Site {
  url: string;
  requests: string[];
}

async function site(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<Site> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    handle(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const options = { timeoutMs: 10_000, maxBytes: 1_000_000 };
const allowed = { ...options, allowPrivate: true };
const redirect = (location: string) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(302, { location });
  response.end();
};

describe("fetchBytes refuses what a hostile source could point it at", () => {
  it("a loopback address, by IP or by name, unless the person allows it (no request made)", async () => {
    const local = await site((_request, response) => response.end("secret"));
    await expect(fetchBytes(`${local.url}/x`, options)).rejects.toMatchObject({
      code: "install-private-address",
      message: expect.stringMatching(/127\.0\.0\.1 is a loopback address.*SKILLSET_ALLOW_PRIVATE_NETWORK=1/),
    });
    const byName = local.url.replace("127.0.0.1", "localhost");
    await expect(fetchBytes(`${byName}/x`, options)).rejects.toMatchObject({
      code: "install-private-address",
      message: expect.stringContaining("localhost ("),
    });
    expect(local.requests).toEqual([]);
    await expect(fetchBytes(`${local.url}/x`, allowed)).resolves.toMatchObject({ status: 200 });
  });

  it("a redirect to another origin is refused, before the other origin is asked", async () => {
    const internal = await site((_request, response) => response.end("metadata"));
    const hostile = await site(redirect(`${internal.url}/latest/meta-data`));
    await expect(fetchBytes(`${hostile.url}/index.json`, allowed)).rejects.toMatchObject({
      code: "install-redirect-refused",
      message: expect.stringContaining(`redirects to ${internal.url}/latest/meta-data, another origin`),
    });
    expect(internal.requests).toEqual([]);
  });

  it("a redirect within the origin is followed, and an endless one stopped", async () => {
    const moved = await site((request, response) =>
      request.url === "/new" ? response.end("here") : redirect("/new")(request, response),
    );
    const answer = await fetchBytes(`${moved.url}/old`, allowed);
    expect([answer.body.toString(), answer.url]).toEqual(["here", `${moved.url}/new`]);
    const loop = await site(redirect("/again"));
    await expect(fetchBytes(`${loop.url}/start`, allowed)).rejects.toMatchObject({
      code: "install-redirect-refused",
      message: expect.stringContaining("more than 5 redirects"),
    });
  });

  it("only HTTP(S)", async () => {
    await expect(fetchBytes("file:///etc/passwd", allowed)).rejects.toMatchObject({
      code: "install-unsafe-url",
    });
  });

  it("stops when the person interrupts, even while the server is silent", async () => {
    const silent = await site(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort("SIGINT"), 100);
    const started = Date.now();
    await expect(
      fetchBytes(`${silent.url}/x`, { ...allowed, signal: controller.signal }),
    ).rejects.toMatchObject({
      code: "install-interrupted",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("a body larger than the limit stops at the limit", async () => {
    const big = await site((_request, response) => {
      response.write(Buffer.alloc(600_000));
      response.end(Buffer.alloc(600_000));
    });
    await expect(fetchBytes(`${big.url}/x`, allowed)).rejects.toMatchObject({ code: "install-too-large" });
  });
});
