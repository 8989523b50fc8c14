import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// Real processes run the built CLI (`npm run build`); skipped without it.
const bin = fileURLToPath(new URL("../../bin/skillset.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../../dist/bin.js", import.meta.url)));

let temp: TempDir;
let server: Server;
let requests = 0;
let origin = "";
beforeEach(async () => {
  temp = await createTempDir("skillset-interrupt-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
  requests = 0;
  // A download that starts and never ends: a gzip header, then silence.
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { "content-type": "application/gzip" });
    response.write(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await temp.cleanup();
});

/** Every file and every non-empty folder under the temp dir. */
async function leftovers(): Promise<string[]> {
  const { execFileSync } = await import("node:child_process");
  return execFileSync(
    "find",
    [
      temp.path,
      "-mindepth",
      "1",
      "(",
      "-type",
      "f",
      "-o",
      "-type",
      "d",
      "!",
      "-empty",
      ")",
      "-printf",
      "%y %P\\n",
    ],
    {
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter(Boolean)
    .sort();
}

describe.skipIf(!built)("an interrupted add", () => {
  // An archive download, and a git clone over HTTP (git itself waits on the silent server).
  it.each([
    ["SIGINT", 130, "/slow.tar.gz"],
    ["SIGTERM", 143, "/slow.tar.gz"],
    ["SIGINT", 130, "/slow.git"],
    ["SIGTERM", 143, "/slow.git"],
  ] as const)(
    "stops on %s within 2 s, exits %i and leaves nothing behind (%s)",
    async (signal, code, path) => {
      const before = await leftovers();
      const child = spawn(process.execPath, [bin, "add", `${origin}${path}`, "--yes"], {
        cwd: temp.join("project"),
        env: {
          ...isolatedEnv(temp),
          PATH: process.env.PATH,
          TMPDIR: temp.join("tmp"),
          NO_COLOR: "1",
          SKILLSET_ALLOW_PRIVATE_NETWORK: "1",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const closed = new Promise<number | null>((resolve) => child.on("close", (exit) => resolve(exit)));
      for (let waited = 0; requests === 0 && waited < 30_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests, stderr).toBe(1);
      // The download is under way (and would run to the 30 s timeout): now the person interrupts.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const sent = Date.now();
      child.kill(signal);
      const exit = await closed;
      expect(Date.now() - sent).toBeLessThan(2_000);
      expect(exit).toBe(code);
      expect(stderr).toContain(`Interrupted by ${signal}`);
      expect(await leftovers()).toEqual(before);
    },
  );
});
