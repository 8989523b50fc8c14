import { createServer, type Server } from "node:net";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
let busy: Server;
let port: number;

beforeEach(async () => {
  temp = await createTempProject("skillset-mcp-port-");
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  port = (busy.address() as { port: number }).port;
});
afterEach(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  await temp.cleanup();
});

describe("skillset mcp --http on a port already in use", () => {
  it("says so in one line and exits 1, without a stack trace", async () => {
    const result = await runCliCaptured({
      argv: ["mcp", "--http", "--port", String(port)],
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      replaceTemp: temp.path,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `skillset mcp: cannot listen on 127.0.0.1:${port}: the port is already in use. Stop the other server, or pick another port with --port.\n`,
    );
  });
});
