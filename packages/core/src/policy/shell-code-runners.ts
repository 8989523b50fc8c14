/**
 * @module Commands that run text as code (SPEC §11): shells, interpreters and shell builtins that read a
 * program from a string, from standard input or from a file the command line computes. What that text does
 * cannot be known before it runs, so a `disallowed-tools` rule on the shell tool denies such a command
 * whatever its pattern: deny rules err toward denying. A literal `sh -c 'script'` is read instead (its
 * commands are matched as usual); a program in a file named on the command line (`bash build.sh`,
 * `python3 tool.py`) is not text of the command and is not looked into.
 */
import type { ShellWord } from "./shell-words.js";

/** What a command does with code: nothing we know of, runs a literal shell script, or runs text we cannot read. */
export type CodeRun = { kind: "none" } | { kind: "script"; text: string } | { kind: "unknown"; why: string };

const none: CodeRun = { kind: "none" };
const unknown = (why: string): CodeRun => ({ kind: "unknown", why });

/** Builtins that run text, define commands or change what a later command word means. */
const runsText: Record<string, string> = {
  eval: "`eval` runs text as commands",
  source: "`source` runs a file's text in this shell",
  ".": "`.` runs a file's text in this shell",
  exec: "`exec` replaces the shell",
  coproc: "`coproc` runs a command beside the shell",
  function: "it defines a function",
  alias: "`alias` changes what a command word means",
  trap: "`trap` runs text later",
  hash: "`hash` changes which file a command word runs",
  enable: "`enable` changes which builtins exist",
  fc: "`fc` runs commands from history",
  su: "`su` runs a shell",
  runuser: "`runuser` runs a shell",
  watch: "`watch` runs its words as a shell string",
  parallel: "`parallel` runs its words as shell strings",
};

/** Shells: `-c STRING` runs a string, no script operand reads standard input. */
export const shells: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "rbash",
  "zsh",
  "dash",
  "ash",
  "ksh",
  "mksh",
  "yash",
  "posh",
  "fish",
  "csh",
  "tcsh",
]);

/** How an interpreter takes its program. */
interface Interpreter {
  /** Options that give the program on the command line (`python -c`, `node -e`, `perl -ne`). */
  code: RegExp;
  /** Options that take the next word as their value, not as the program file. */
  valued: readonly string[];
  /** Options whose value is the program to run, like an operand (`python -m module`, `php -f file`). */
  program?: readonly string[];
  /** Options that only print something and exit (`node -v`). */
  info?: readonly string[];
  /** First operands that run code given after them (`deno eval …`, `deno repl`). */
  codeCommands?: readonly string[];
}

const interpreters: [RegExp, Interpreter][] = [
  [
    /^(?:python|pypy)[\d.]*$/,
    { code: /^-[A-Za-z]*c/, valued: ["-W", "-X", "-Q"], program: ["-m"], info: ["-V"] },
  ],
  [
    /^(?:node|nodejs)$/,
    {
      code: /^-[A-Za-z]*[ep][A-Za-z]*$|^--(?:eval|print)(?:=|$)/,
      valued: [
        "-r",
        "--require",
        "--import",
        "--loader",
        "--experimental-loader",
        "-C",
        "--conditions",
        "--input-type",
        "--title",
        "--env-file",
      ],
      info: ["-v"],
    },
  ],
  [
    /^(?:deno|bun)$/,
    {
      code: /^(?:-e|--eval|-p|--print)(?:=|$)/,
      valued: ["--config", "-c", "--cwd"],
      codeCommands: ["eval", "repl", "-"],
      info: ["-v", "-V"],
    },
  ],
  [/^perl[\d.]*$/, { code: /^-[A-Za-z]*[eEM]/, valued: ["-I", "-x"], info: ["-v", "-V"] }],
  [/^(?:ruby[\d.]*|jruby)$/, { code: /^-[A-Za-z]*e/, valued: ["-I", "-r", "-C", "-E", "-x"], info: ["-v"] }],
  [
    /^php[\d.]*$/,
    { code: /^-[rBRE]|^--(?:run|process-)/, valued: ["-c", "-d", "-z"], program: ["-f"], info: ["-v"] },
  ],
  [/^(?:lua[\d.]*|luajit)$/, { code: /^-[A-Za-z]*e/, valued: ["-l"], info: ["-v"] }],
  [/^Rscript$/, { code: /^(?:-e|--expr)/, valued: [] }],
  [/^osascript$/, { code: /^-e$/, valued: ["-l", "-s"] }],
  [/^(?:pwsh|powershell)(?:\.exe)?$/i, { code: /^-(?:c|e)/i, valued: [], program: ["-f", "-file", "-File"] }],
  [
    /^(?:tclsh|wish|irb|jshell|julia|guile|racket|ts-node|tsx)[\d.]*$/,
    { code: /^-(?:e|-eval)$/, valued: [] },
  ],
];

/** Options of a shell that take the next word as their value. */
const shellValued = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]);
const awks = new Set(["awk", "gawk", "mawk", "nawk"]);

/** The interpreter a command word names, if any; looked up once per name (a command repeats its words). */
let lastName: string | undefined;
let lastInterpreter: Interpreter | undefined;
function interpreterOf(name: string): Interpreter | undefined {
  if (name !== lastName) {
    lastInterpreter = interpreters.find(([pattern]) => pattern.test(name))?.[1];
    lastName = name;
  }
  return lastInterpreter;
}

/** Whether a command word names a shell or an interpreter. */
export function interpreterNamed(name: string): boolean {
  return shells.has(name) || interpreterOf(name) !== undefined;
}

/**
 * What the command `words[from - 1]` (called `name`, the basename of its command word) does with code
 * given in `words[from…end)`.
 * @example codeRunBy("python3", shellWordsOf("python3 -c 'x'")!, 1, 2) // { kind: "unknown", why: "python3 runs code given on its command line" }
 */
export function codeRunBy(name: string, words: readonly ShellWord[], from: number, end: number): CodeRun {
  if (Object.hasOwn(runsText, name)) return unknown(runsText[name] as string);
  if (shells.has(name)) return shellRun(name, words, from, end);
  if (awks.has(name)) return awkRun(name, words, from, end);
  const interpreter = interpreterOf(name);
  return interpreter ? interpreterRun(name, interpreter, words, from, end) : none;
}

/** `sh -c STRING` (also `-ec`, `-lc`): STRING when literal; `sh script.sh`: nothing known; `sh`, `sh -s`: stdin. */
function shellRun(name: string, words: readonly ShellWord[], from: number, end: number): CodeRun {
  let commandString = false;
  for (let index = from; index < end; index++) {
    const word = words[index] as ShellWord;
    const text = word.text;
    if (word.unreadableEnd > 0) return unknown(`${name} is given words computed when it runs`);
    if (/^[-+][A-Za-z]*$/.test(text)) {
      if (/^-[A-Za-z]*[si]/.test(text)) return unknown(`${name} reads commands from standard input`);
      if (text.startsWith("-") && text.includes("c")) commandString = true;
      // `-o pipefail`, `-euo pipefail`, `-O extglob`: the next word is the option's value.
      if (/[oO]$/.test(text)) index++;
    } else if (shellValued.has(text)) index++;
    else if (text === "--" || text === "-" || text.startsWith("-")) continue;
    else if (!commandString) return programFile(name, text);
    else if (text.includes("{}")) return unknown(`${name} runs a string filled in when it runs`);
    else return { kind: "script", text };
  }
  return unknown(`${name} reads commands from standard input`);
}

/** A program file named on the command line: nothing known, unless it is standard input or a descriptor. */
function programFile(name: string, path: string): CodeRun {
  return path === "-" || /^\/(?:dev|proc)\//.test(path)
    ? unknown(`${name} reads a program from a stream`)
    : none;
}

function interpreterRun(
  name: string,
  syntax: Interpreter,
  words: readonly ShellWord[],
  from: number,
  end: number,
): CodeRun {
  for (let index = from; index < end; index++) {
    const word = words[index] as ShellWord;
    const text = word.text;
    if (word.unreadableEnd > 0) return unknown(`${name} is given words computed when it runs`);
    if (["--version", "--help", ...(syntax.info ?? [])].includes(text)) return none;
    if (text === "--")
      return index + 1 < end ? programFile(name, (words[index + 1] as ShellWord).text) : stdin(name);
    if (text === "-") return stdin(name);
    if (text.startsWith("-") || text.startsWith("+")) {
      if (syntax.code.test(text)) return unknown(`${name} runs code given on its command line`);
      if (syntax.program?.includes(text)) return index + 1 < end ? none : stdin(name);
      if (syntax.valued.includes(text)) index++;
      continue;
    }
    if (syntax.codeCommands?.includes(text)) return unknown(`${name} runs code given on its command line`);
    return programFile(name, text);
  }
  return stdin(name);
}

function stdin(name: string): CodeRun {
  return unknown(`${name} reads a program from standard input`);
}

/** `awk 'program'`: unknown when the program can run a command (`system(…)`, a pipe); `awk -f file` is a file. */
function awkRun(name: string, words: readonly ShellWord[], from: number, end: number): CodeRun {
  const runs = (program: ShellWord | undefined) =>
    program === undefined || program.unreadableEnd > 0 || /system|\|/.test(program.text)
      ? unknown(`${name} runs a program that can run commands`)
      : none;
  for (let index = from; index < end; index++) {
    const text = (words[index] as ShellWord).text;
    if (text === "-f" || text.startsWith("--file")) return none;
    if (text === "-e" || text === "--source") return runs(words[index + 1]);
    if (text === "-F" || text === "-v" || text === "--assign" || text === "--field-separator") index++;
    else if (!text.startsWith("-") || text === "-") return runs(words[index]);
  }
  return none;
}
