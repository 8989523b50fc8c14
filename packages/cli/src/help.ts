/**
 * @module The help texts: the command list (`skillset --help`) and one command's help. Built from the
 * command table alone, so no command module is loaded to print them, and fitted to 80 columns (or a
 * narrower terminal). Help is our own plain text, one column a character, so a greedy word wrap is exact
 * here and keeps `--help` from loading `wrap-ansi` (diagnostics use `terminal/wrap-width.ts`).
 */
import type { Command, OptionSpec } from "./command.js";

/** Help never runs wider than this, even on a wide terminal (long lines are hard to read). */
export const HELP_WIDTH = 80;

/** `text` (plain, no colour) in lines of at most `width` characters; continuation lines start with `indent`. */
function wrapPlain(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const start = rest.search(/\S/);
    let cut = rest.lastIndexOf(" ", width);
    if (cut <= start) cut = rest.indexOf(" ", width); // one word longer than the line: let it overflow
    if (cut < 0) break;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = indent + rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/**
 * A line that stays a line: a table or example (it starts with a space) or a list item (`- `). A line that
 * starts with a flag (`--budget tokens, else …`) is prose and joins its paragraph.
 */
const keepsItsLine = /^( |- )/;

/**
 * Paragraphs of `text` re-flowed to `width`: lines of a paragraph join, except lines that start with a space
 * or `- ` (tables and lists), which stay lines and wrap under their own indent.
 */
function wrapBlock(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    const previous = lines.length - 1;
    const joins = line !== "" && !keepsItsLine.test(line) && previous >= 0 && lines[previous] !== "";
    if (joins && !keepsItsLine.test(lines[previous] as string)) lines[previous] += ` ${line}`;
    else lines.push(line);
  }
  return lines.flatMap((line) => {
    const lead = /^ */.exec(line)?.[0] ?? "";
    return wrapPlain(line, width, lead === "" ? "" : `${lead}    `);
  });
}

/** Two columns, `left` padded to the widest; the right column wraps under itself. */
function table(rows: ReadonlyArray<readonly [string, string]>, width: number): string[] {
  const left = Math.max(...rows.map(([name]) => name.length));
  const indent = " ".repeat(left + 4);
  return rows.flatMap(([name, text]) => wrapPlain(`  ${name.padEnd(left)}  ${text}`, width, indent));
}

function optionRows(options: Record<string, OptionSpec>): Array<readonly [string, string]> {
  return Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.type === "string" ? ` ${spec.valueName ?? "VALUE"}` : ""}`;
    return [flag, spec.description] as const;
  });
}

function helpWidth(columns: number | undefined): number {
  return columns !== undefined && columns > 20 ? Math.min(columns, HELP_WIDTH) : HELP_WIDTH;
}

/** The help text of one command; `more` is help its module computed (e.g. `lint`'s rules). */
export function commandHelp(
  command: Command,
  globalOptions: Record<string, OptionSpec>,
  more?: string,
  columns?: number,
): string {
  const width = helpWidth(columns);
  // Each line of `usage` is one form of the command, each under the one before: `Usage: skillset …`,
  // then `       skillset …`.
  const lines = [
    ...command.usage
      .split("\n")
      .flatMap((form, index) =>
        wrapPlain(`${index === 0 ? "Usage:" : "      "} skillset ${form}`, width, "         "),
      ),
    "",
    ...wrapPlain(command.summary, width, ""),
  ];
  if (command.details) lines.push("", ...wrapBlock(command.details.trimEnd(), width));
  if (more) lines.push("", ...wrapBlock(more.trimEnd(), width));
  lines.push("", "Options:", ...table(optionRows({ ...command.options, ...globalOptions }), width));
  return `${lines.join("\n")}\n`;
}

/** The top-level help: every command with its summary. */
export function mainHelp(all: readonly Command[], columns?: number): string {
  const commands = all.filter((command) => !command.hidden);
  const width = helpWidth(columns);
  return [
    "skillset — find, check and use Agent Skills",
    "",
    "Usage: skillset <command> [options]",
    "",
    "Commands:",
    ...table(
      commands.map((command) => [command.name, command.summary] as const),
      width,
    ),
    "",
    "Run `skillset <command> --help` for a command's options.",
    "",
  ].join("\n");
}
