/**
 * @module The only place that touches `process`: argv, cwd, env, the streams and the exit code.
 */
import { runCli } from "./run-cli.js";

// A reader that stopped reading (`skillset list --json | head -1`) closes the pipe: end quietly with 0, as
// other command-line tools do, instead of a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}

const stdout = {
  write: (text: string) => void process.stdout.write(text),
  isTTY: process.stdout.isTTY,
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
};
const stderr = { write: (text: string) => void process.stderr.write(text), isTTY: process.stderr.isTTY };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

try {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    cwd: process.cwd(),
    env: process.env,
    stdout,
    stderr,
    readStdin,
    stdio: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  });
} catch (error) {
  process.stderr.write(`skillset: internal error: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 70;
}
