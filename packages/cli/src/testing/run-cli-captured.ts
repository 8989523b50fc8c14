/**
 * @module Runs the CLI in-process for tests: collects stdout and stderr as strings, with an isolated
 * environment inside a temp directory so the user's own skills, config and state never leak in.
 */
import { isolatedEnv as isolatedCoreEnv, type TempDir } from "@skillset/core/test";
import { runCli } from "../run-cli.js";

/** What `runCliCaptured` needs; `argv`, `cwd` and `env` go to `runCli` unchanged. */
export interface RunCliCapturedOptions {
  argv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  /** Every occurrence of this path in the output becomes `<tmp>`, so snapshots do not depend on it. */
  replaceTemp?: string;
  /** Terminal width reported by stdout (unset by default, as when piped). */
  columns?: number;
  /** Whether stdout reports itself a terminal (default: false, as when piped). */
  tty?: boolean;
  /** Standard input, for commands that read it (`resolve -`); none when unset. */
  stdin?: string;
  /** Called with each chunk written to stderr, as it is written: lets a test act once a command is ready. */
  onStderr?: (text: string) => void;
}

/** The exit code and everything the command printed. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one CLI invocation and returns its exit code and output.
 *
 * @example
 * const cli = (...argv: string[]) =>
 *   runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });
 */
export async function runCliCaptured(options: RunCliCapturedOptions): Promise<CapturedRun> {
  const { argv, cwd, env, replaceTemp, columns, onStderr, stdin, tty } = options;
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv,
    cwd,
    env,
    stdout: {
      write(text) {
        stdout += text;
      },
      columns,
      ...(tty === undefined ? {} : { isTTY: tty }),
    },
    stderr: {
      write(text) {
        stderr += text;
        onStderr?.(text);
      },
    },
    ...(stdin === undefined ? {} : { readStdin: async () => stdin }),
  });
  const clean = (text: string) => (replaceTemp ? text.replaceAll(replaceTemp, "<tmp>") : text);
  return { code, stdout: clean(stdout), stderr: clean(stderr) };
}

/** The core fixtures' isolated environment, plus `NO_COLOR` so output is plain text. */
export function isolatedEnv(temp: TempDir): Record<string, string> {
  return { ...isolatedCoreEnv(temp), NO_COLOR: "1" };
}
