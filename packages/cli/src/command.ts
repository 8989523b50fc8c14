/**
 * @module The shape of one CLI command, and the context it runs in. Commands never touch `process`:
 * argv, cwd, env and the output streams come in through `CommandContext` so tests can run them in-process.
 *
 * A command is split in two so start-up stays cheap: its `Command` (name, summary, usage, options — plain
 * data in `commands/<name>.ts`, importing nothing at run time but types) and its `CommandModule`
 * (`commands/<name>.run.ts`, which may import all of core), loaded by `load()` only when the command runs.
 */
import type { Readable, Writable } from "node:stream";
import type { ParseArgsConfig } from "node:util";

/** Exit codes (SPEC §13): 0 ok, 1 findings, 2 usage error; 128 + the signal's number when interrupted. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

/** A writable text sink; `isTTY` and `columns` drive colours, progress and width-aware output. */
export interface Output {
  write(text: string): void;
  isTTY?: boolean;
  columns?: number;
}

/** Standard input and output as streams. */
export interface StdioStreams {
  stdin: Readable;
  stdout: Writable;
  /** Standard error: where `pick` draws while standard output is captured (`$(skillset pick)`). */
  stderr?: Writable;
}

export interface CommandContext {
  /** Parsed flag values (`--cwd` already applied to `cwd`). */
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
  /** Absolute working directory (from `--cwd` or the process). */
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: Output;
  stderr: Output;
  /** Whether to colour output on `stdout` (NO_COLOR / FORCE_COLOR / --no-color / TTY). */
  color: boolean;
  /** Whether to colour output on `stderr`, decided for that stream alone. */
  errorColor: boolean;
  /** Reads all of standard input (for `resolve -`). */
  readStdin?: () => Promise<string>;
  /** The raw standard streams, for a command that speaks a protocol on them (`mcp`) or draws a terminal
   * UI (`compose`, `pick`); absent in-process. */
  stdio?: StdioStreams;
  /**
   * The person's interruption (SIGINT, SIGTERM; the abort reason names it) for commands that fetch; the
   * handlers are installed on the first call. Absent in-process.
   */
  interrupts?: () => AbortSignal;
  /** Work the dispatcher awaits after the command returned (e.g. a registry's cache write). */
  afterwards: Array<() => Promise<unknown>>;
  /** Every command, for a command about commands (`completion`): given by the dispatcher, so that no
   * command imports the command table back (an import loop). */
  commands: () => Promise<Command[]>;
}

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>[string] & {
  /** One line for `--help`. */
  description: string;
  /** Placeholder shown in help, e.g. `N` for `--budget N`. */
  valueName?: string;
};

/** What a command's module exports: the work, and optionally help text that needs core to compute. */
export interface CommandModule {
  run(context: CommandContext): Promise<number>;
  /** More help paragraphs, computed when `--help` is asked for (e.g. `lint`'s rule table). */
  moreHelp?(): string;
}

/** One row of the command table: cheap data, plus `load` for the module that does the work. */
export interface Command {
  name: string;
  /** One line, shown in the command list. */
  summary: string;
  /** Usage line(s) after `skillset `, e.g. `validate [paths…] [--strict]`. */
  usage: string;
  /** Extra paragraphs for `--help`. */
  details?: string;
  options: Record<string, OptionSpec>;
  /** Whether positionals are allowed (and how many at most). */
  positionals?: { min?: number; max?: number };
  /** Imports the command's module; called only when the command runs (or its help needs `moreHelp`). */
  load(): Promise<CommandModule>;
  /** Whether `load()`'s module exports `moreHelp` (so `--help` loads it; others answer from this table). */
  hasMoreHelp?: boolean;
  /** Left out of `skillset --help` and of shell completion: an entry point for scripts (e.g. `__complete`). */
  hidden?: boolean;
}

/** A usage error: printed with the command's usage line, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
