/**
 * @module What shell completion offers, read from the command table: every visible command with its
 * summary and flags, which flags take a value, and which commands take skill names. New commands and
 * flags appear in the generated scripts without touching them.
 */
import type { Command, OptionSpec } from "../command.js";

/** Commands whose positional arguments are skill names (completed by calling `skillset __complete skills`). */
const SKILL_NAME_COMMANDS: ReadonlySet<string> = new Set(["show", "load", "enable", "disable", "remove"]);

/** One flag of a command. */
export interface FlagSpec {
  /** `--name`. */
  long: string;
  /** `-x`, when there is a short form. */
  short?: string;
  description: string;
  /** Takes a value (`--scope SCOPE`); `valueName` names it. */
  takesValue: boolean;
  valueName?: string;
  /** The value is a folder (`--cwd`). */
  directory: boolean;
}

/** One command as the completion scripts see it. */
export interface CommandSpec {
  name: string;
  summary: string;
  flags: FlagSpec[];
  /** Positional arguments are skill names. */
  skillNames: boolean;
}

function flagSpec(name: string, spec: OptionSpec): FlagSpec {
  const takesValue = spec.type === "string";
  return {
    long: `--${name}`,
    ...(spec.short ? { short: `-${spec.short}` } : {}),
    description: spec.description,
    takesValue,
    ...(spec.valueName ? { valueName: spec.valueName } : {}),
    directory: takesValue && (spec.valueName === "DIR" || name === "cwd"),
  };
}

/** The completion model of the visible commands, with the options every command takes. */
export function completionSpec(
  commands: readonly Command[],
  globalOptions: Record<string, OptionSpec>,
): CommandSpec[] {
  return commands
    .filter((command) => !command.hidden)
    .map((command) => ({
      name: command.name,
      summary: command.summary,
      flags: Object.entries({ ...command.options, ...globalOptions }).map(([name, spec]) =>
        flagSpec(name, spec),
      ),
      skillNames: SKILL_NAME_COMMANDS.has(command.name),
    }));
}

/** The hidden entry point the scripts call for skill names: fast, one name per line. */
export const SKILL_NAMES_CALL = "skillset __complete skills";
