/**
 * @module The help texts: the command list (`skillset --help`) and one command's help. Built from the
 * command table alone, so no command module is loaded to print them.
 */
import type { Command, OptionSpec } from "./command.js";

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.type === "string" ? ` ${spec.valueName ?? "VALUE"}` : ""}`;
    return [flag, spec.description] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}

/** The help text of one command; `more` is help its module computed (e.g. `lint`'s rules). */
export function commandHelp(
  command: Command,
  globalOptions: Record<string, OptionSpec>,
  more?: string,
): string {
  const lines = [`Usage: skillset ${command.usage}`, "", command.summary];
  if (command.details) lines.push("", command.details.trimEnd());
  if (more) lines.push("", more.trimEnd());
  lines.push("", "Options:", ...optionLines({ ...command.options, ...globalOptions }));
  return `${lines.join("\n")}\n`;
}

/** The top-level help: every command with its summary. */
export function mainHelp(all: readonly Command[], _columns?: number): string {
  const commands = all.filter((command) => !command.hidden);
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
