/**
 * @module The only place that touches `process`: argv, cwd, env, the streams and the exit code.
 */
import { tuneForBatchRun } from "./engine-tuning.js";
import { fs } from "./node-fs.js";
import { runCli } from "./run-cli.js";
import { isClosedPipe, standardOutput } from "./standard-output.js";

/**
 * Whether descriptor `fd` is a character device: a terminal is one, a pipe or a file is not. Asked with a
 * `bigint` stat on purpose: a plain one leaves Node's shared stat values describing the descriptor, and for
 * a pipe the module loader's `realpath` then stops early and loads core a second time through
 * `node_modules` (bin.test.ts); the `bigint` values are kept apart.
 */
function characterDevice(fd: number): boolean {
  try {
    return fs.fstatSync(fd, { bigint: true }).isCharacterDevice();
  } catch {
    return false; // closed: `isatty` says no too
  }
}
// A pipe or a file (how scripts and hosts run skillset) needs no `node:tty`, whose socket and stream
// modules are a few milliseconds of a `--version` that takes thirty.
const isatty = characterDevice(1) || characterDevice(2) ? (await import("node:tty")).isatty : () => false;

// A reader that stopped reading (`skillset list --json | head -1`) closes the pipe: end quietly with 0, as
// other command-line tools do, instead of a stack trace.
const closedQuietly = (): never => process.exit(0);
function endOnClosedPipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (isClosedPipe(error.code)) closedQuietly();
    throw error;
  });
  return stream;
}
// Standard error's stream is made on first use: for a pipe, making it loads Node's socket modules, which
// `--version`, `--help` and a quiet command never need.
let errorStream: NodeJS.WriteStream | undefined;
const standardError = () => {
  errorStream ??= endOnClosedPipe(process.stderr);
  return errorStream;
};

// A terminal gets Node's stream (synchronous there, and it knows the width); a pipe or file the descriptor.
const stdoutIsTTY = isatty(1);
const output = standardOutput(1, () => endOnClosedPipe(process.stdout), closedQuietly);
const stdout = {
  write: output.write,
  isTTY: stdoutIsTTY,
  columns: stdoutIsTTY ? output.stream().columns : undefined,
};
const stderr = { write: (text: string) => void standardError().write(text), isTTY: isatty(2) };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

// Ctrl-C or SIGTERM during a fetch: the command stops its work, removes what it fetched and exits 130 or
// 143. Installed only for the commands that ask (others keep Node's default: exit at once). A second
// signal while that clean-up runs ends the process straight away.
let interruption: AbortController | undefined;
function interrupts(): AbortSignal {
  if (!interruption) {
    const controller = new AbortController();
    interruption = controller;
    for (const [name, code] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const)
      process.on(name, () => {
        if (controller.signal.aborted) process.exit(code);
        controller.abort(name);
      });
  }
  return interruption.signal;
}

try {
  process.exitCode = await runCli({
    interrupts,
    beforeWork: tuneForBatchRun,
    argv: process.argv.slice(2),
    cwd: process.cwd(),
    env: process.env,
    stdout,
    stderr,
    readStdin,
    // Made on first use: `process.stdout` makes a pipe non-blocking (see standard-output.ts).
    stdio: {
      get stdin() {
        return process.stdin;
      },
      get stdout() {
        return output.stream();
      },
      get stderr() {
        return standardError();
      },
    },
  });
} catch (error) {
  standardError().write(`skillset: internal error: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 70;
}
// Interrupted: the clean-up is done; nothing still open (a socket, a timer) may keep the person waiting.
if (interruption?.signal.aborted) process.exit();
