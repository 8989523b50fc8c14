/**
 * @module Runs the built `skillset` binary in a real child process with a kill timeout, so a command that
 * hangs (a FIFO opened on the main thread) fails its test instead of hanging the suite. With
 * `/usr/bin/time` present, also reports the child's peak memory and CPU time.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built CLI entry (run `npm run build` first; the test suite does). */
export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** Whether peak memory can be measured here. */
export const CAN_MEASURE_MEMORY = process.platform === "linux" && existsSync("/usr/bin/time");

/** What one run produced. */
export interface BinRun {
  code: number | null;
  /** The signal that ended it: `SIGKILL` when the kill timeout fired. */
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
  /** Peak resident memory in MiB, when measured. */
  maxRssMiB?: number;
  /** CPU time (user + system) in seconds, when measured: unlike wall time, barely moved by a loaded box. */
  cpuSeconds?: number;
}

let counter = 0;

/** Runs the built binary with `argv` in `cwd` with `env`; kills it after `timeoutMs`. */
export function runBin(
  argv: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number; measureMemory?: boolean },
): Promise<BinRun> {
  const measure = options.measureMemory === true && CAN_MEASURE_MEMORY;
  const rssFile = join(tmpdir(), `skillset-rss-${process.pid}-${counter++}`);
  const [command, args] = measure
    ? ["/usr/bin/time", ["-f", "%M %U %S", "-o", rssFile, process.execPath, BIN, ...argv]]
    : [process.execPath, [BIN, ...argv]];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawnBin(command as string, args as string[], options);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const run: BinRun = { code, signal, timedOut, stdout, stderr, ms: performance.now() - started };
      if (measure && existsSync(rssFile)) {
        const [kib, user, system] = (readFileSync(rssFile, "utf8").trim().split("\n").pop() ?? "")
          .split(" ")
          .map(Number);
        if (Number.isFinite(kib)) run.maxRssMiB = (kib as number) / 1024;
        if (Number.isFinite(user) && Number.isFinite(system))
          run.cpuSeconds = (user as number) + (system as number);
        rmSync(rssFile, { force: true });
      }
      resolve(run);
    });
  });
}

/** The child process, with only PATH, NO_COLOR and `env` in its environment; stdin closed. */
function spawnBin(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
) {
  return spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A long-running command (`watch`) in a child process: read its output while it runs, then stop it. */
export interface RunningBin {
  /** Everything printed so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once stdout or stderr matches `pattern`; rejects after `ms`, naming what was printed. */
  waitFor(pattern: RegExp, ms: number): Promise<void>;
  /** Whether the process still runs. */
  readonly running: boolean;
  /** SIGINT, then SIGKILL after `ms`; resolves with whether the kill was needed. */
  stop(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
}

/** Starts the built binary with `argv` in `cwd` with `env` and returns at once. */
export function startBin(
  argv: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): RunningBin {
  const child = spawnBin(process.execPath, [BIN, ...argv], options);
  let stdout = "";
  let stderr = "";
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    notify();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    notify();
  });
  const closed = new Promise<void>((resolve) => {
    child.on("close", (code, signal) => {
      exited = { code, signal };
      notify();
      resolve();
    });
  });
  return {
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get running() {
      return exited === undefined;
    },
    waitFor(pattern, ms) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(stdout) && !pattern.test(stderr)) {
            if (exited)
              finish(new Error(`exited (${exited.code ?? exited.signal}) before printing ${pattern}`));
            return;
          }
          finish();
        };
        const timer = setTimeout(
          () => finish(new Error(`no ${pattern} within ${ms} ms; stdout: ${stdout}\nstderr: ${stderr}`)),
          ms,
        );
        const finish = (error?: Error) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolve();
        };
        waiters.add(check);
        check();
      });
    },
    async stop(ms) {
      let killed = false;
      if (exited === undefined) {
        child.kill("SIGINT");
        const timer = setTimeout(() => {
          killed = true;
          child.kill("SIGKILL");
        }, ms);
        await closed;
        clearTimeout(timer);
      }
      const { code, signal } = exited as NonNullable<typeof exited>;
      return { code, signal, killed };
    },
  };
}
