/**
 * @module The only place that touches `process`: argv, cwd, env, the streams and the exit code.
 */
import { runCli } from "./run-cli.js";

const stdout = {
  write: (text: string) => void process.stdout.write(text),
  isTTY: process.stdout.isTTY,
  columns: process.stdout.columns,
};
const stderr = { write: (text: string) => void process.stderr.write(text), isTTY: process.stderr.isTTY };

try {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    cwd: process.cwd(),
    env: process.env,
    stdout,
    stderr,
  });
} catch (error) {
  process.stderr.write(`skillset: internal error: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 70;
}
