/**
 * @module What a `disallowed-tools` shell pattern is matched against (SPEC §11): the simple commands of a
 * command (`simpleCommandsOf`) and, for each, the commands it runs through a known wrapper, so that
 * `Bash(rm:*)` denies `sudo rm -rf /`, `env FOO=1 rm x`, `xargs -0 rm`, `find . -exec rm {} \;` and
 * `bash -c "rm x"`. Each is given as written and as the shell reads it (`shellWordsOf`: the basename of the
 * command word, quotes and backslashes removed, blanks as separators, braces expanded), so `/bin/rm`,
 * `\rm`, `"rm"`, `rm<TAB>-rf` and `{rm,-rf,x}` are `rm` too. A command that feeds text to a shell or
 * interpreter (`codeRunBy`), whose command word is computed when it runs (`$(echo rm) x`, `$cmd`), or that
 * defines a function cannot be read before it runs: it is unknown, and any deny rule on the shell tool
 * denies it. Used for denying only: an `allowed-tools` pattern still approves one simple command as written
 * (`Bash(sudo:*)` approving `sudo rm` is the rule author's choice). When a wrapper's options are not known
 * for sure, more candidates are given, never fewer: deny errs toward denying.
 */
import { codeRunBy, interpreterNamed } from "./shell-code-runners.js";
import { type ShellWord, shellWordsOf } from "./shell-words.js";
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
  busybox: { valued: [], flags: [] },
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
const findActions = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const assignment = /^[A-Za-z_]\w*=/;
/** `name()` or `name ()` outside quotes: a function definition (`function name` is caught by its command word). */
const functionDefinition = /(?:^|[\s;&|(){}])[^\s;&|(){}<>'"`$=\\]+[ \t]*\([ \t]*\)/;

/** What a shell command runs, as far as it can be read. */
export interface ShellCommandReading {
  /** The simple commands and the commands they run through wrappers, each as written and as the shell reads it. */
  commands: string[];
  /** Set when part of it cannot be read before it runs: why (no text of the command in it). */
  unknown?: string;
}

/**
 * The simple commands inside `command` and, for each, the command after a known wrapper (its options and
 * `VAR=value` words skipped), the words after `find … -exec` up to `;` or `{} +`, and the simple commands of
 * the literal string run by `sh -c STRING`, looked through up to 8 deep (deeper is unknown); and whether
 * some part of it cannot be read.
 * @example readShellCommand("sudo \\rm -rf /").commands // ["sudo \\rm -rf /", "\\rm -rf /", "rm -rf /"]
 * @example readShellCommand("curl -s x | sh").unknown // "sh reads commands from standard input"
 */
export function readShellCommand(command: string): ShellCommandReading {
  const reading: ShellCommandReading = { commands: [] };
  collect(command, 0, reading);
  return reading;
}

/**
 * The commands of `readShellCommand`.
 * @example wrappedCommandsOf("sudo -u root rm -rf /") // ["sudo -u root rm -rf /", "rm -rf /"]
 */
export function wrappedCommandsOf(command: string): string[] {
  return readShellCommand(command).commands;
}

function collect(command: string, depth: number, reading: ShellCommandReading): void {
  if (depth >= maxDepth) {
    reading.unknown ??= `it nests shells or wrappers more than ${maxDepth} deep`;
    return;
  }
  if (functionDefinition.test(command)) reading.unknown ??= "it defines a function";
  for (const simple of simpleCommandsOf(command)) {
    reading.commands.push(simple);
    peel(simple, depth, reading);
    if (reading.unknown !== undefined) return;
  }
}

/**
 * Adds the commands `simple` runs through wrappers, as written and as read; each word range is looked at
 * once (keeps it linear). `xargs` is set when a range runs behind it, whose input may become code: with
 * the string it replaces by each input item (`-I %`), if any.
 */
function peel(simple: string, depth: number, reading: ShellCommandReading): void {
  const words = shellWordsOf(simple)?.filter((word) => !word.redirect);
  if (words === undefined) {
    reading.unknown ??= "a brace expansion in it is too large to read";
    return;
  }
  // The words as read, joined once, and how many differ from the text as written (a quote, a backslash,
  // a path, a brace, a blank other than one space before it): each candidate is then a slice, found in
  // constant time, and given as read only when that differs — linear however many candidates there are.
  const read = words.map((word) => word.text).join(" ");
  const offsets = [0];
  const differs = [0];
  words.forEach((word, index) => {
    const gap = index === 0 ? " " : simple.slice((words[index - 1] as ShellWord).end, word.start);
    const same = gap === " " && simple.slice(word.start, word.end) === word.text;
    offsets.push((offsets[index] as number) + word.text.length + 1);
    differs.push((differs[index] as number) + (same ? 0 : 1));
  });
  const seen = new Set<string>();
  type Xargs = { filled: string | undefined } | undefined;
  const pending: [start: number, end: number, level: number, xargs: Xargs][] = [];
  const candidate = (start: number, end: number, level: number, xargs?: Xargs) => {
    const key = `${start}:${end}`;
    if (start >= end || seen.has(key)) return;
    seen.add(key);
    const first = words[start] as ShellWord;
    const written = simple.slice(first.start, (words[end - 1] as ShellWord).end);
    if (start > 0 || written.length !== simple.length) reading.commands.push(written);
    const name = commandName(first);
    // The gap before the first word does not count: the candidate starts there.
    const wordDiffers = simple.slice(first.start, first.end) !== first.text;
    if (wordDiffers || name !== first.text || (differs[end] as number) - (differs[start + 1] as number) > 0)
      reading.commands.push(
        name + read.slice((offsets[start + 1] as number) - 1, (offsets[end] as number) - 1),
      );
    if (level < maxDepth) pending.push([start, end, level, xargs]);
    else reading.unknown ??= `it nests shells or wrappers more than ${maxDepth} deep`;
  };
  candidate(0, words.length, depth);
  for (let next = pending.pop(); next && reading.unknown === undefined; next = pending.pop()) {
    const [start, end, level, xargs] = next;
    const first = words[start] as ShellWord;
    if (first.unreadableEnd > first.text.lastIndexOf("/") + 1) {
      reading.unknown = "its command word is computed when it runs";
      return;
    }
    const name = commandName(first);
    if (xargs?.filled !== undefined && first.text.includes(xargs.filled)) {
      reading.unknown = "xargs fills in the command word from its input";
      return;
    }
    if (xargs !== undefined && interpreterNamed(name)) {
      reading.unknown = `xargs feeds text to ${name}`;
      return;
    }
    const run = codeRunBy(name, words, start + 1, end);
    if (run.kind === "unknown") {
      reading.unknown = run.why;
      return;
    }
    if (run.kind === "script") collect(run.text, level + 1, reading);
    else if (
      name === "env" &&
      leadingOptions(words, start + 1, end).some((text) => /^(?:-[A-Za-z]*S|--split-string)/.test(text))
    ) {
      reading.unknown = "`env -S` splits a string into a command";
      return;
    } else if (
      (name === "sudo" || name === "doas") &&
      leadingOptions(words, start + 1, end, wrappers[name]).some((text) =>
        /^(?:-[A-Za-z]*[si][A-Za-z]*|--shell|--login)$/.test(text),
      )
    ) {
      // `sudo -s` and `sudo -i` run a shell: given no command it reads commands from standard input.
      reading.unknown = `\`${name} -s\` and \`${name} -i\` run a shell`;
      return;
    } else if (name === "find") {
      for (const [from, to] of findCommands(words, start + 1, end)) candidate(from, to, level + 1);
    } else if (
      name === "command" &&
      leadingOptions(words, start + 1, end).some((text) => /^-p?[vV]/.test(text))
    ) {
      // `command -v rm` only looks the name up.
    } else if (Object.hasOwn(wrappers, name)) {
      const syntax = wrappers[name] as WrapperSyntax;
      // Text from xargs' input may reach a shell or a command word several wrappers later
      // (`xargs -I% sudo sh -c %`, `xargs -I% sudo % x`).
      const behind =
        xargs ?? (name === "xargs" ? { filled: replaceString(words, start + 1, end) } : undefined);
      for (const from of wrappedStarts(syntax, words, start + 1, end))
        candidate(from, end, level + 1, behind);
    }
  }
}

/**
 * The option words right after a command word, up to its first operand (`env -i -S …` gives `-i`, `-S`);
 * the values of `syntax`'s valued options are skipped (`sudo -u root -s` gives `-u`, `-s`).
 */
function leadingOptions(
  words: readonly ShellWord[],
  from: number,
  end: number,
  syntax?: WrapperSyntax,
): string[] {
  const options: string[] = [];
  for (let index = from; index < end && (words[index] as ShellWord).text.startsWith("-"); index++) {
    const text = (words[index] as ShellWord).text;
    options.push(text);
    if (syntax?.valued.includes(text)) index++;
  }
  return options;
}

/** The string `xargs -I R`, `-IR`, `-i`, `--replace[=R]` replaces with each input item (`{}` by default). */
function replaceString(words: readonly ShellWord[], from: number, end: number): string | undefined {
  let filled: string | undefined;
  for (let index = from; index < end && (words[index] as ShellWord).text.startsWith("-"); index++) {
    const option = (words[index] as ShellWord).text;
    if (option === "-I") filled = words[++index]?.text;
    else if (/^-[Ii]./.test(option)) filled = option.slice(2);
    else if (option === "-i" || option === "--replace") filled = "{}";
    else if (option.startsWith("--replace=")) filled = option.slice("--replace=".length);
    else if (wrappers.xargs?.valued.includes(option)) index++;
  }
  return filled === "" ? undefined : filled;
}

/** The command word as the shell looks it up: its last path segment (`/bin/rm` and `./rm` are `rm`). */
function commandName(word: ShellWord): string {
  return word.text.slice(word.text.lastIndexOf("/") + 1);
}

/** The word ranges `find` runs: after `-exec`, `-execdir`, `-ok` or `-okdir`, up to `;` or `{} +`. */
function findCommands(words: readonly ShellWord[], from: number, end: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let index = from; index < end; index++) {
    if (!findActions.has((words[index] as ShellWord).text)) continue;
    const start = index + 1;
    index = start;
    while (index < end && !isFindTerminator(words, index)) index++;
    ranges.push([start, index]);
  }
  return ranges;
}

function isFindTerminator(words: readonly ShellWord[], index: number): boolean {
  const text = (words[index] as ShellWord).text;
  return text === ";" || (text === "+" && words[index - 1]?.text === "{}");
}

/**
 * Where the wrapped command may start: the first operand after the wrapper's options and assignments, and
 * also each operand that may be the value of an option we do not know (`sudo --odd x rm` gives `x` and `rm`)
 * or one of the wrapper's own leading operands (`timeout 5 rm` gives `5` and `rm`).
 */
function wrappedStarts(
  syntax: WrapperSyntax,
  words: readonly ShellWord[],
  from: number,
  end: number,
): number[] {
  const starts: number[] = [];
  let operands = syntax.operands ?? 0;
  let unsure = false;
  let optionsEnded = false;
  for (let index = from; index < end; index++) {
    const text = (words[index] as ShellWord).text;
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
