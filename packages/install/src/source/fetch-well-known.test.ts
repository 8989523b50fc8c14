import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultLimits } from "../limits.js";
import { skillText } from "../testing/make-archive.js";
import { fetchWellKnown } from "./fetch-well-known.js";

// Real HTTP servers on 127.0.0.1: a hostile site, and an "internal" service it points at.
let temp: TempDir;
const servers: Server[] = [];
beforeEach(async () => {
  temp = await createTempDir("skillset-well-known-");
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await temp.cleanup();
});

async function site(routes: Record<string, string | { redirect: string }>) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const route = routes[request.url ?? ""];
    if (route === undefined) {
      response.statusCode = 404;
      return void response.end();
    }
    if (typeof route === "object") {
      response.writeHead(302, { location: route.redirect });
      return void response.end();
    }
    response.end(route);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const allowed = { allowPrivate: true };
const index = (files: string[]) => JSON.stringify({ skills: [{ name: "x", description: "d", files }] });

describe("a well-known index cannot reach past its own site", () => {
  it.each([
    ["http:/{internal}/secret", /not a URL/],
    ["//{internal}/secret", /not a URL/],
    ["http://{internal}/secret", /not a URL/],
    ["/secret", /absolute path/],
    ["../../secret", /'\.\.' segment/],
    ["a\\..\\..\\secret", /backslash/],
    ["%2e%2e/%2e%2e/secret", /"%" have no place/],
  ])("a files entry %s is refused, and nothing is fetched from it", async (entry, reason) => {
    const internal = await site({ "/secret": "AWS_SECRET" });
    const file = entry.replace("{internal}", internal.url.slice("http://".length));
    const hostile = await site({
      "/.well-known/skills/index.json": index(["SKILL.md", file]),
      "/.well-known/skills/x/SKILL.md": skillText("x"),
    });
    await expect(fetchWellKnown(hostile.url, temp.join("out"), defaultLimits, allowed)).rejects.toMatchObject(
      { code: "install-unsafe-path", message: expect.stringMatching(reason) },
    );
    expect(internal.requests).toEqual([]);
  });

  it("an index that redirects to another origin is refused", async () => {
    const internal = await site({ "/.well-known/skills/index.json": index(["SKILL.md"]) });
    const hostile = await site({
      "/.well-known/skills/index.json": { redirect: `${internal.url}/.well-known/skills/index.json` },
    });
    await expect(fetchWellKnown(hostile.url, temp.join("out"), defaultLimits, allowed)).rejects.toMatchObject(
      { code: "install-redirect-refused" },
    );
    expect(internal.requests).toEqual([]);
  });

  it("a site on a private address is refused unless the person allows it", async () => {
    const local = await site({
      "/.well-known/skills/index.json": index(["SKILL.md"]),
      "/.well-known/skills/x/SKILL.md": skillText("x"),
    });
    await expect(fetchWellKnown(local.url, temp.join("out"), defaultLimits, {})).rejects.toMatchObject({
      code: "install-private-address",
    });
    expect(local.requests).toEqual([]);
    await expect(fetchWellKnown(local.url, temp.join("ok"), defaultLimits, allowed)).resolves.toMatchObject({
      resolved: `${local.url}/.well-known/skills/index.json`,
    });
  });
});
