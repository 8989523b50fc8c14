/**
 * @module The CLI dispatcher: picks the command, parses its flags, prints help and usage errors.
 * Testable: everything comes in through `RunCliOptions`; only `bin.ts` touches `process`.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { SkillsetError, suggestNames } from "@skillset/core/model";
import { shouldColor } from "./color.js";
import {
  type Command,
  type CommandContext,
  EXIT_FINDINGS,
  EXIT_OK,
  EXIT_USAGE,
  type OptionSpec,
  type Output,
  UsageError,
} from "./command.js";
import { commands } from "./commands/index.js";
import { settleRegistries } from "./open-skillset.js";
import { skillsetVersion } from "./version.js";

export interface RunCliOptions {
  argv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: Output;
  stderr: Output;
}

/** Options every command accepts. */
export const globalOptions: Record<string, OptionSpec> = {
  cwd: { type: "string", description: "Run as if started in this directory", valueName: "DIR" },
  help: { type: "boolean", short: "h", description: "Show help for the command" },
};

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.type === "string" ? ` ${spec.valueName ?? "VALUE"}` : ""}`;
    return [flag, spec.description] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}

/** The help text of one command. */
export function commandHelp(command: Command): string {
  const lines = [`Usage: skillset ${command.usage}`, "", command.summary];
  if (command.details) lines.push("", command.details.trimEnd());
  lines.push("", "Options:", ...optionLines({ ...command.options, ...globalOptions }));
  return `${lines.join("\n")}\n`;
}

/** The top-level help: every command with its summary. */
export function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "skillset — find, check and use Agent Skills",
    "",
    "Usage: skillset <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `skillset <command> --help` for a command's options.",
    "",
  ].join("\n");
}

/** " Did you mean list?" for a mistyped command (prefix, substring or a typo away), else "". */
function suggest(name: string): string {
  const near = suggestNames(name, commands, (command) => [command.name]).map((command) => command.name);
  return near.length > 0 ? ` Did you mean ${near.join(", ")}?` : "";
}

/** Runs one CLI invocation and returns its exit code. */
export async function runCli(options: RunCliOptions): Promise<number> {
  const { argv, env, stdout, stderr } = options;
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const target = name === "help" ? commands.find((c) => c.name === rest[0]) : undefined;
    stdout.write(target ? commandHelp(target) : mainHelp());
    return EXIT_OK;
  }
  if (name === "--version" || name === "-v") {
    stdout.write(`${skillsetVersion()}\n`);
    return EXIT_OK;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    stderr.write(
      `skillset: unknown command '${name}'.${suggest(name)} Run \`skillset --help\` for the list.\n`,
    );
    return EXIT_USAGE;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const parseOptions: Record<string, OptionSpec> = { ...command.options, ...globalOptions };
    parsed = parseArgs({ args: rest, options: parseOptions, allowPositionals: true, strict: true });
  } catch (error) {
    stderr.write(`skillset ${command.name}: ${(error as Error).message}\nUsage: skillset ${command.usage}\n`);
    return EXIT_USAGE;
  }
  if (parsed.values.help) {
    stdout.write(commandHelp(command));
    return EXIT_OK;
  }
  const { min = 0, max = 0 } = command.positionals ?? {};
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    const reason =
      parsed.positionals.length < min
        ? "missing argument"
        : `unexpected argument '${parsed.positionals[max]}'`;
    stderr.write(`skillset ${command.name}: ${reason}\nUsage: skillset ${command.usage}\n`);
    return EXIT_USAGE;
  }
  const cwdFlag = parsed.values.cwd;
  const context: CommandContext = {
    values: parsed.values as CommandContext["values"],
    positionals: parsed.positionals,
    cwd: resolve(options.cwd, typeof cwdFlag === "string" ? cwdFlag : "."),
    env,
    stdout,
    stderr,
    color: shouldColor(env, stdout.isTTY),
  };
  try {
    return await command.run(context);
  } catch (error) {
    if (error instanceof UsageError) {
      stderr.write(`skillset ${command.name}: ${error.message}\nUsage: skillset ${command.usage}\n`);
      return EXIT_USAGE;
    }
    if (SkillsetError.isInstance(error)) {
      stderr.write(`skillset ${command.name}: ${error.message}\n`);
      return EXIT_FINDINGS;
    }
    throw error;
  } finally {
    // The output is out; the registry's metadata cache is written now, before the process exits.
    await settleRegistries(context);
  }
}
