/**
 * @module Starts `skillset mcp --http --port 0` as a child process and waits for the URL it prints.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { SKILLSET_BIN } from "./cli-path.js";

/** A running HTTP server process. */
export interface HttpServerProcess {
  url: URL;
  child: ChildProcess;
  /** Resident memory of the server process in bytes (Linux `/proc`), for leak checks. */
  rss(): number;
  stderr(): string;
  stop(): Promise<void>;
}

/** Runs `skillset mcp --http --port 0 --cwd <cwd> …extra` and resolves once it listens. */
export async function startHttpServer(
  cwd: string,
  env: Record<string, string>,
  extra: string[] = [],
): Promise<HttpServerProcess> {
  const child = spawn(
    process.execPath,
    [SKILLSET_BIN, "mcp", "--http", "--port", "0", "--cwd", cwd, ...extra],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 20_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /(http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[1] as string));
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${stderr}`)));
  });
  return {
    url,
    child,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
