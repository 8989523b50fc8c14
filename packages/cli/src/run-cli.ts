/**
 * @module The CLI dispatcher: picks the command, parses its flags, prints help and usage errors.
 * Testable: everything comes in through `RunCliOptions`; only `bin.ts` touches `process`.
 * Cheap on purpose: nothing from core is imported until a command runs (or an error needs a suggestion),
 * so `--version` and `--help` answer in about the time Node takes to start.
 */
import { resolve } from "node:path";
import { shouldColor } from "./color.js";
import {
  type Command,
  type CommandContext,
  EXIT_FINDINGS,
  EXIT_OK,
  EXIT_SIGINT,
  EXIT_SIGTERM,
  EXIT_USAGE,
  type OptionSpec,
  type Output,
  type StdioStreams,
  UsageError,
} from "./command.js";
import { commandNames, commandSynonyms, findCommand, loadCommands } from "./commands/index.js";
import { globalOptions } from "./global-options.js";
import { commandHelp, mainHelp } from "./help.js";
import { fs } from "./node-fs.js";
import { skillsetVersion } from "./version.js";

export { commandHelp, mainHelp } from "./help.js";

export interface RunCliOptions {
  argv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: Output;
  stderr: Output;
  /** Reads all of standard input (for `resolve -`); absent when there is none to read. */
  readStdin?: () => Promise<string>;
  /** The raw standard streams (for `mcp` over stdio). */
  stdio?: StdioStreams;
  /** The person's interruption, for commands that fetch (see `CommandContext.interrupts`). */
  interrupts?: () => AbortSignal;
  /** Called with the command's name once its arguments are checked, before its work loads (bin.ts tunes the engine). */
  beforeWork?: (command: string) => Promise<void>;
}

/** " Did you mean remove?" for a word people use for a command (`uninstall`), else a near command name. */
async function suggestCommand(word: string): Promise<string> {
  const meant = Object.hasOwn(commandSynonyms, word) ? commandSynonyms[word] : undefined;
  return meant === undefined ? suggest(word, commandNames) : ` Did you mean ${meant}?`;
}

/** " Did you mean list?" for a mistyped word (prefix, substring or a typo away), else "". */
async function suggest(word: string, candidates: readonly string[]): Promise<string> {
  const { suggestNames } = await import("@skillset/core/model");
  const near = suggestNames(word, candidates, (candidate) => [candidate]).slice(0, 3);
  return near.length > 0 ? ` Did you mean ${near.join(", ")}?` : "";
}

/** The flag a `parseArgs` error is about (`--jsno` in "Unknown option '--jsno'"), if it names one. */
function unknownFlag(error: Error): string | undefined {
  const match = /Unknown option '(-{1,2}[^']+)'/.exec(error.message);
  return match?.[1];
}

async function parseError(command: Command, error: Error): Promise<string> {
  const flag = unknownFlag(error);
  if (flag === undefined) return error.message;
  const names = Object.keys({ ...command.options, ...globalOptions }).map((name) => `--${name}`);
  return `unknown option '${flag}'.${await suggest(flag.replace(/=.*/, ""), names)}`;
}

/** The help of `command`, with any help its module computes (loaded only for those that have some). */
async function fullHelp(command: Command, columns: number | undefined): Promise<string> {
  const more = command.hasMoreHelp ? (await command.load()).moreHelp?.() : undefined;
  return commandHelp(command, globalOptions, more, columns);
}

/** The working directory from `--cwd`, which must be an existing folder. */
function workingDirectory(base: string, flag: unknown): string {
  const cwd = resolve(base, typeof flag === "string" ? flag : ".");
  if (typeof flag !== "string") return cwd;
  const found = fs.statSync(cwd, { throwIfNoEntry: false });
  if (!found) throw new UsageError(`--cwd ${flag}: no such folder`);
  if (!found.isDirectory()) throw new UsageError(`--cwd ${flag}: it is a file, not a folder`);
  return cwd;
}

/** Runs one CLI invocation and returns its exit code. */
export async function runCli(options: RunCliOptions): Promise<number> {
  const { argv, env, stdout, stderr } = options;
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    stdout.write(mainHelp(await loadCommands(), stdout.columns));
    return EXIT_OK;
  }
  if (name === "help") {
    if (rest[0] === undefined) {
      stdout.write(mainHelp(await loadCommands(), stdout.columns));
      return EXIT_OK;
    }
    const target = await findCommand(rest[0]);
    if (target) {
      stdout.write(await fullHelp(target, stdout.columns));
      return EXIT_OK;
    }
    stderr.write(
      `skillset help: unknown command '${rest[0]}'.${await suggestCommand(rest[0])} Run \`skillset --help\` for the list.\n`,
    );
    return EXIT_USAGE;
  }
  if (name === "--version" || name === "-v") {
    stdout.write(`${skillsetVersion()}\n`);
    return EXIT_OK;
  }
  const command = await findCommand(name);
  if (!command) {
    stderr.write(
      `skillset: unknown command '${name}'.${await suggestCommand(name)} Run \`skillset --help\` for the list.\n`,
    );
    return EXIT_USAGE;
  }
  const usageError = (message: string) => {
    const forms = command.usage.split("\n").join("\n       skillset ");
    stderr.write(`skillset ${command.name}: ${message}\nUsage: skillset ${forms}\n`);
    return EXIT_USAGE;
  };
  // Taken here, not imported at the top: `--help` and `--version` need no parser. And from `util` itself
  // where Node can give it (20.16 and later): the ES module facade of `node:util` reads every export, which
  // loads the MIME and abort-controller modules too (~0.6 ms of `list` in an empty project).
  const { parseArgs } = process.getBuiltinModule?.("node:util") ?? (await import("node:util"));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const parseOptions: Record<string, OptionSpec> = { ...command.options, ...globalOptions };
    parsed = parseArgs({ args: rest, options: parseOptions, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(await parseError(command, error as Error));
  }
  if (parsed.values.help) {
    stdout.write(await fullHelp(command, stdout.columns));
    return EXIT_OK;
  }
  const { min = 0, max = 0 } = command.positionals ?? {};
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    return usageError(
      parsed.positionals.length < min
        ? "missing argument"
        : `unexpected argument '${parsed.positionals[max]}'`,
    );
  }
  let cwd: string;
  try {
    cwd = workingDirectory(options.cwd, parsed.values.cwd);
  } catch (error) {
    return usageError((error as Error).message);
  }
  const noColor = parsed.values["no-color"] === true;
  const context: CommandContext = {
    values: parsed.values as CommandContext["values"],
    positionals: parsed.positionals,
    cwd,
    env,
    stdout,
    stderr,
    color: !noColor && shouldColor(env, stdout.isTTY),
    errorColor: !noColor && shouldColor(env, stderr.isTTY),
    afterwards: [],
    commands: loadCommands,
    ...(options.readStdin ? { readStdin: options.readStdin } : {}),
    ...(options.stdio ? { stdio: options.stdio } : {}),
    ...(options.interrupts ? { interrupts: options.interrupts } : {}),
  };
  try {
    await options.beforeWork?.(command.name);
    const module = await command.load();
    return await module.run(context);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message);
    const { inertForTerminal, SkillsetError } = await import("@skillset/core/model");
    if (SkillsetError.isInstance(error)) {
      // Messages quote names and text from sources (frontmatter, lock keys): shown inert, lines kept.
      stderr.write(`skillset ${command.name}: ${inertForTerminal(error.message, { keepLines: true })}\n`);
      if (error.code === "install-interrupted")
        return error.message.includes("SIGTERM") ? EXIT_SIGTERM : EXIT_SIGINT;
      return EXIT_FINDINGS;
    }
    throw error;
  } finally {
    // The output is out; work such as the registry's metadata cache write finishes before the process exits.
    await Promise.all(context.afterwards.map((task) => task()));
  }
}
