/**
 * @module What a `disallowed-tools` shell pattern is matched against (SPEC §11): the simple commands of a
 * command (`simpleCommandsOf`) and, for each, the commands it runs through a known wrapper, so that
 * `Bash(rm:*)` denies `sudo rm -rf /`, `env FOO=1 rm x`, `xargs -0 rm`, `find . -exec rm {} \;` and
 * `bash -c "rm x"`. Used for denying only: an `allowed-tools` pattern still approves one simple command as
 * written (`Bash(sudo:*)` approving `sudo rm` is the rule author's choice). When a wrapper's options are
 * not known for sure, more candidates are given, never fewer: deny errs toward denying.
 */
import { simpleCommandsOf } from "./simple-shell-command.js";

/** Wrappers inside wrappers and `sh -c` inside `sh -c` are looked through this deep, no deeper (keeps it bounded). */
const maxDepth = 8;

/** How a wrapper that runs its operand as a command reads its own words. */
interface WrapperSyntax {
  /** Options that take the next word as their value (`sudo -u root`, `nice -n 5`). */
  valued: readonly string[];
  /** Options known to take no value; any other option might, so the word after it is a candidate too. */
  flags: readonly string[];
  /** Operands before the command (`timeout 5 rm`, `chroot /jail rm`). */
  operands?: number;
}

const wrappers: Record<string, WrapperSyntax> = {
  sudo: {
    valued: [
      "-u",
      "-g",
      "-C",
      "-D",
      "-h",
      "-p",
      "-r",
      "-t",
      "-U",
      "-T",
      "-R",
      "--user",
      "--group",
      "--chdir",
      "--prompt",
    ],
    flags: [
      "-A",
      "-b",
      "-E",
      "-H",
      "-i",
      "-k",
      "-K",
      "-n",
      "-P",
      "-s",
      "-S",
      "-e",
      "--preserve-env",
      "--login",
      "--shell",
    ],
  },
  doas: { valued: ["-u", "-C"], flags: ["-n", "-s", "-L"] },
  env: {
    valued: ["-u", "-C", "--unset", "--chdir"],
    flags: ["-i", "-0", "-v", "--ignore-environment", "--null"],
  },
  nice: { valued: ["-n", "--adjustment"], flags: [] },
  nohup: { valued: [], flags: [] },
  setsid: { valued: [], flags: ["-c", "-f", "-w"] },
  time: {
    valued: ["-f", "-o", "--format", "--output"],
    flags: ["-p", "-v", "-a", "--verbose", "--append", "--portability"],
  },
  command: { valued: [], flags: ["-p", "-v", "-V"] },
  builtin: { valued: [], flags: [] },
  exec: { valued: ["-a"], flags: ["-c", "-l"] },
  timeout: {
    valued: ["-s", "-k", "--signal", "--kill-after"],
    flags: ["-v", "--verbose", "--preserve-status", "--foreground"],
    operands: 1,
  },
  stdbuf: { valued: ["-i", "-o", "-e"], flags: [] },
  ionice: { valued: ["-c", "-n", "-p"], flags: ["-t"] },
  chroot: { valued: [], flags: [], operands: 1 },
  xargs: {
    valued: [
      "-a",
      "-d",
      "-E",
      "-I",
      "-L",
      "-n",
      "-P",
      "-s",
      "--arg-file",
      "--delimiter",
      "--max-args",
      "--max-procs",
    ],
    flags: ["-0", "-o", "-p", "-r", "-t", "-x", "--null", "--no-run-if-empty", "--verbose", "--interactive"],
  },
};
const shells = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
const findActions = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const assignment = /^[A-Za-z_]\w*=/;

/** One word of a simple command: where it stands, and its text with quotes and backslashes removed. */
interface Word {
  start: number;
  end: number;
  text: string;
}

/**
 * The simple commands inside `command` and, for each, the command after a known wrapper (its options and
 * `VAR=value` words skipped), the words after `find … -exec` up to `;` or `{} +`, and the simple commands of
 * the string run by `sh -c STRING` or `eval STRING…`, looked through up to 8 deep.
 * @example wrappedCommandsOf("sudo -u root rm -rf /") // ["sudo -u root rm -rf /", "rm -rf /"]
 */
export function wrappedCommandsOf(command: string): string[] {
  const found: string[] = [];
  collect(command, 0, found);
  return found;
}

function collect(command: string, depth: number, found: string[]): void {
  for (const simple of simpleCommandsOf(command)) {
    found.push(simple);
    if (depth < maxDepth) peel(simple, depth, found);
  }
}

/** Adds the commands `simple` runs through wrappers; each word range is looked at once (keeps it linear). */
function peel(simple: string, depth: number, found: string[]): void {
  const words = wordsOf(simple);
  const seen = new Set<string>();
  const pending: [start: number, end: number, level: number][] = [[0, words.length, depth]];
  const candidate = (start: number, end: number, level: number) => {
    const key = `${start}:${end}`;
    if (start >= end || seen.has(key)) return;
    seen.add(key);
    const first = words[start] as Word;
    const last = (words[end - 1] as Word).end;
    found.push(simple.slice(first.start, last));
    // `"rm" x` and `\rm x` run `rm` as well.
    if (simple.slice(first.start, first.end) !== first.text)
      found.push(first.text + simple.slice(first.end, last));
    if (level + 1 < maxDepth) pending.push([start, end, level + 1]);
  };
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [start, end, level] = next;
    const first = words[start];
    if (!first) continue;
    const name = first.text.slice(first.text.lastIndexOf("/") + 1);
    if (name === "eval") {
      const text = words.slice(start + 1, end).map((word) => word.text);
      collect(text.join(" "), level + 1, found);
    } else if (shells.has(name)) {
      const script = shellScript(words, start + 1, end);
      if (script !== undefined) collect(script, level + 1, found);
    } else if (name === "find") {
      for (const [from, to] of findCommands(words, start + 1, end)) candidate(from, to, level);
    } else if (Object.hasOwn(wrappers, name)) {
      for (const from of wrappedStarts(wrappers[name] as WrapperSyntax, words, start + 1, end))
        candidate(from, end, level);
    }
  }
}

/** The STRING of `sh -c STRING` (also `-ec`, `-lc`); `undefined` for `sh script.sh`. */
function shellScript(words: Word[], from: number, end: number): string | undefined {
  let commandString = false;
  for (let index = from; index < end; index++) {
    const text = (words[index] as Word).text;
    if (text === "-o" || text === "+o") index++;
    else if (/^-[A-Za-z]*c[A-Za-z]*$/.test(text)) commandString = true;
    else if (text === "--" || /^[-+]/.test(text)) continue;
    else return commandString ? text : undefined;
  }
  return undefined;
}

/** The word ranges `find` runs: after `-exec`, `-execdir`, `-ok` or `-okdir`, up to `;` or `{} +`. */
function findCommands(words: Word[], from: number, end: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let index = from; index < end; index++) {
    if (!findActions.has((words[index] as Word).text)) continue;
    const start = index + 1;
    index = start;
    while (index < end && !isFindTerminator(words, index)) index++;
    ranges.push([start, index]);
  }
  return ranges;
}

function isFindTerminator(words: Word[], index: number): boolean {
  const text = (words[index] as Word).text;
  return text === ";" || (text === "+" && words[index - 1]?.text === "{}");
}

/**
 * Where the wrapped command may start: the first operand after the wrapper's options and assignments, and
 * also each operand that may be the value of an option we do not know (`sudo --odd x rm` gives `x` and `rm`)
 * or one of the wrapper's own leading operands (`timeout 5 rm` gives `5` and `rm`).
 */
function wrappedStarts(syntax: WrapperSyntax, words: Word[], from: number, end: number): number[] {
  const starts: number[] = [];
  let operands = syntax.operands ?? 0;
  let unsure = false;
  let optionsEnded = false;
  for (let index = from; index < end; index++) {
    const text = (words[index] as Word).text;
    if (!optionsEnded && text === "--") optionsEnded = true;
    else if (!optionsEnded && text.length > 1 && text.startsWith("-")) {
      if (syntax.valued.includes(text)) index++;
      unsure = !syntax.valued.includes(text) && !syntax.flags.includes(text) && !hasOwnValue(syntax, text);
    } else if (assignment.test(text)) continue;
    else {
      starts.push(index);
      if (operands > 0) operands--;
      else if (unsure) unsure = false;
      else break;
    }
  }
  return starts;
}

/** `-n5`, `--user=root`: a valued option with its value in the same word. */
function hasOwnValue(syntax: WrapperSyntax, text: string): boolean {
  if (text.startsWith("--")) return text.includes("=");
  return syntax.valued.some((option) => option.length === 2 && text.startsWith(option));
}

/** Splits at unquoted blanks; quotes and backslashes are removed from each word's text (unclosed quotes run to the end). */
function wordsOf(command: string): Word[] {
  const words: Word[] = [];
  let index = 0;
  while (index < command.length) {
    while (index < command.length && /\s/.test(command[index] as string)) index++;
    if (index >= command.length) break;
    const start = index;
    let text = "";
    let quote: "'" | '"' | undefined;
    for (; index < command.length; index++) {
      const char = command[index] as string;
      if (quote === "'") {
        if (char === "'") quote = undefined;
        else text += char;
      } else if (char === "\\" && index + 1 < command.length) {
        const escaped = command[++index] as string;
        // Inside double quotes a backslash escapes only these; elsewhere it is kept.
        text += quote === '"' && !'$`"\\\n'.includes(escaped) ? `\\${escaped}` : escaped;
      } else if (quote === '"') {
        if (char === '"') quote = undefined;
        else text += char;
      } else if (char === "'" || char === '"') quote = char;
      else if (/\s/.test(char)) break;
      else text += char;
    }
    words.push({ start, end: index, text });
  }
  return words;
}
