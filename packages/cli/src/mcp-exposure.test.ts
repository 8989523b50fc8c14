import { createServer } from "node:net";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runBin } from "./hostile/run-bin.js";
import { httpExposure, isLoopbackHost } from "./mcp-exposure.js";
import { createTempProject, isolatedEnv } from "./testing/index.js";

// `skillset mcp --http` on a host the network can reach serves every skill to it: without a token it
// refuses to start, unless `--no-token` says it is open on purpose (issue 21, finding 10; SPEC §13).
describe("isLoopbackHost", () => {
  it.each([
    "127.0.0.1",
    "127.0.0.2",
    "127.255.255.254",
    "localhost",
    "LOCALHOST",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "[::ffff:127.1.2.3]",
  ])("%j is loopback", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    "0.0.0.0",
    "::",
    "[::]",
    "192.168.1.10",
    "10.0.0.1",
    "fe80::1",
    "::ffff:10.0.0.1",
    "128.0.0.1",
    "127.1",
    "0",
    "example.com",
    "localhost.example.com",
    "127.0.0.1.nip.io",
    "",
  ])("%j is not", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("httpExposure", () => {
  it("refuses a non-loopback host without a token, naming --token and --no-token", () => {
    expect(() => httpExposure({ host: "0.0.0.0" })).toThrow(
      /--host 0\.0\.0\.0 is not a loopback address.*--token T.*--no-token/,
    );
  });

  it("serves a non-loopback host with a token, from the flag or the environment", () => {
    expect(httpExposure({ host: "::", token: "12345678" })).toEqual({ token: "12345678" });
    expect(httpExposure({ host: "10.0.0.1", tokenFromEnvironment: "abcdefgh" })).toEqual({
      token: "abcdefgh",
    });
  });

  it("serves open on purpose with --no-token: a warning off loopback, none on it; an environment token is dropped", () => {
    expect(httpExposure({ host: "0.0.0.0", noToken: true, tokenFromEnvironment: "abcdefgh" })).toEqual({
      warning:
        "skillset mcp: warning: --no-token on 0.0.0.0, which is not a loopback address: anyone who can reach it gets every skill, with no token",
    });
    expect(httpExposure({ host: "127.0.0.2", noToken: true })).toEqual({});
    expect(httpExposure({ host: "127.0.0.1" })).toEqual({});
  });

  it("refuses --token with --no-token, and a short token", () => {
    expect(() => httpExposure({ host: "127.0.0.1", token: "12345678", noToken: true })).toThrow(/contradict/);
    expect(() => httpExposure({ host: "0.0.0.0", token: "short" })).toThrow(/at least 8 characters/);
  });
});

describe("skillset mcp --http: the real process", () => {
  let temp: TempDir;
  let env: Record<string, string>;
  beforeAll(async () => {
    temp = await createTempProject("skillset-mcp-exposure-");
    env = { ...isolatedEnv(temp), PATH: process.env.PATH ?? "" };
  });
  afterAll(() => temp.cleanup());

  const run = (argv: string[], timeoutMs = 20_000) =>
    runBin(["mcp", ...argv], { cwd: temp.join("project"), env, timeoutMs });

  it.each([["0.0.0.0"], ["::"], ["192.0.2.10"], ["skillset-test.invalid"]])(
    "--host %s without a token exits 2 naming --token, before binding anything",
    async (host) => {
      // The refusal comes before the server is loaded, so nothing is bound (192.0.2.10 is a documentation
      // address and .invalid never resolves: even a server that tried could not listen there).
      const result = await run(["--http", "--host", host, "--port", "1"]);
      expect(result.timedOut).toBe(false);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`skillset mcp: --host ${host} is not a loopback address`);
      expect(result.stderr).toContain("--token T");
      expect(result.stderr).toContain("--no-token");
      expect(result.stdout).toBe("");
    },
  );

  it("--token with --no-token, and --no-token without --http, are usage errors", async () => {
    const both = await run(["--http", "--host", "0.0.0.0", "--token", "12345678", "--no-token"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--token and --no-token contradict each other");
    const stdio = await run(["--no-token"]);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain("--no-token needs --http");
  });

  it("a loopback alias with --no-token starts, with no warning", async () => {
    const free = await freePort("127.0.0.2");
    const started = await startUntilServing([
      "--http",
      "--host",
      "127.0.0.2",
      "--port",
      String(free),
      "--no-token",
    ]);
    expect(started.stderr).toContain(`serving`);
    expect(started.stderr).toContain(`http://127.0.0.2:${free}/mcp`);
    expect(started.stderr).not.toContain("warning");
  });

  /** Starts `skillset mcp …`, waits for its "serving" line, then stops it. */
  async function startUntilServing(argv: string[]): Promise<{ stderr: string }> {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [BIN, "mcp", ...argv], {
      cwd: temp.join("project"),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "serving" line within 30 s; stderr: ${stderr}`)),
          30_000,
        );
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString("utf8");
          if (stderr.includes("serving")) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`exited with ${code} before serving; stderr: ${stderr}`));
        });
      });
    } finally {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    }
    return { stderr };
  }
});

/** A port free on `host` right now. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
