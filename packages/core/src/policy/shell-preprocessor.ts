/**
 * @module Shell preprocessing (SPEC §9, §11): `` !`command` `` and ```` ```! ```` blocks in a skill body
 * replaced by the command's output before the model sees the body. Off unless a host turns it on; then
 * only for skills from trusted scopes. Commands run without a shell (`spawn`, arguments split on spaces,
 * shell syntax refused), in the skill's folder, bounded by a timeout that kills the whole process tree
 * and by an output cap. Any failure aborts the load with an error naming the command.
 */

import { spawn } from "node:child_process";
import type { SkillsetErrorCode } from "../model/codes.js";
import { SkillsetError } from "../model/errors.js";
import type { Scope, Skill } from "../model/skill.js";
import { findShellCommands } from "./find-shell-commands.js";
import { isTrusted } from "./trust.js";

/** Settings of the preprocessor (from `policy.*` in the configuration). */
export interface ShellPreprocessOptions {
  /** Off by default: bodies are used as written and nothing runs. */
  enabled: boolean;
  trustedScopes: readonly Scope[];
  /** Milliseconds before a command and its children are killed. */
  timeoutMs: number;
  /** Most characters of output a command may print. */
  maxOutputBytes: number;
  /** Extra environment for the commands (e.g. values the host gave for this session). */
  env?: Record<string, string>;
}

/** The loader's `preprocess(body, skill)` hook. */
export type ShellPreprocessor = (body: string, skill: Skill) => Promise<string>;

// Characters that only mean something to a shell; a command using them is refused, never handed to one.
const shellSyntax = /[|&;<>()$`"'\\*?{}[\]~!#]/;

/**
 * Builds the hook. Disabled: returns the body unchanged. Enabled and the body has commands: an untrusted
 * skill is refused (`shell-untrusted`); otherwise each command runs in order and its trimmed output
 * replaces the site. Errors (`SkillsetError`): `shell-syntax`, `shell-failed` (exit code or spawn error,
 * with the first line of stderr), `shell-timeout`, `shell-output-too-large` — each naming the command
 * and the skill.
 * @example loadSkill(skill, { preprocess: createShellPreprocessor({ enabled: true, trustedScopes: ["user"], timeoutMs: 10_000, maxOutputBytes: 65_536 }) })
 */
export function createShellPreprocessor(options: ShellPreprocessOptions): ShellPreprocessor {
  return async (body, skill) => {
    if (!options.enabled) return body;
    const sites = findShellCommands(body);
    if (sites.length === 0) return body;
    if (!isTrusted(skill, options.trustedScopes)) {
      const first = sites[0]?.commands[0] ?? "";
      throw new SkillsetError(
        "shell-untrusted",
        `Skill '${skill.qualifiedName}' asks to run \`${first}\` before loading, but its scope (${skill.scope}) is not trusted; nothing was run and the skill was not loaded. Add ${skill.scope} to policy.trustedScopes in your own config to allow it (a project's own config may only narrow yours, unless you run \`skillset trust\` in it).`,
        { path: skill.path },
      );
    }
    let result = "";
    let last = 0;
    for (const site of sites) {
      const outputs: string[] = [];
      for (const command of site.commands) outputs.push(await runCommand(command, skill, options));
      result += body.slice(last, site.start) + outputs.join("\n");
      last = site.end;
    }
    return result + body.slice(last);
  };
}

async function runCommand(command: string, skill: Skill, options: ShellPreprocessOptions): Promise<string> {
  const fail = (code: SkillsetErrorCode, problem: string, cause?: unknown) =>
    new SkillsetError(
      code,
      `Shell preprocessing of skill '${skill.qualifiedName}' failed: \`${command}\` ${problem}. The skill was not loaded.`,
      { path: skill.path, ...(cause === undefined ? {} : { cause }) },
    );
  if (shellSyntax.test(command)) {
    throw fail(
      "shell-syntax",
      "uses shell syntax (quotes, pipes, redirects, variables or globs); commands run without a shell, so write a plain command or put a script in the skill's scripts/ folder",
    );
  }
  const [file, ...args] = command.split(/\s+/);
  if (!file) throw fail("shell-syntax", "is empty");
  const ran = await runFile(file, args, {
    cwd: skill.dir,
    // The process's environment with the host's values on top.
    env: { ...process.env, ...(options.env ?? {}) },
    timeoutMs: options.timeoutMs,
    maxOutputChars: options.maxOutputBytes,
  });
  if (ran.timedOut)
    throw fail(
      "shell-timeout",
      `did not finish within ${options.timeoutMs} ms and was killed with its child processes`,
    );
  if (ran.tooLarge)
    throw fail(
      "shell-output-too-large",
      `printed more than ${options.maxOutputBytes} characters (policy.shellMaxOutputBytes)`,
    );
  if (ran.spawnError || ran.exitCode !== 0) {
    const detail = firstLine(ran.stderr) || (ran.spawnError?.message ?? "").split("\n")[0] || "failed";
    const status =
      ran.spawnError || ran.exitCode === null
        ? `could not run${ran.signal ? ` (ended by ${ran.signal})` : ""}`
        : `exited with code ${ran.exitCode}`;
    throw fail("shell-failed", `${status}: ${detail}`, ran.spawnError ?? ran);
  }
  return ran.stdout.trim();
}

/** What one run of a command gave. */
interface FileRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The program could not be started (not found, not executable, …). */
  spawnError?: Error;
  timedOut: boolean;
  /** stdout or stderr passed the cap; the command was killed. */
  tooLarge: boolean;
}

/**
 * Runs `file` with `args`, no shell, stdin closed, in a process group of its own so that a timeout or an
 * output over the cap kills its children too (SIGKILL to the group), and anything left of the group after
 * it ends is killed as well.
 */
function runFile(
  file: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; maxOutputChars: number },
): Promise<FileRun> {
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      shell: false,
      detached: true, // its own process group, so a kill reaches the children too
      stdio: ["ignore", "pipe", "pipe"],
    });
    const run: FileRun = {
      stdout: "",
      stderr: "",
      exitCode: null,
      signal: null,
      timedOut: false,
      tooLarge: false,
    };
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      run.timedOut = true;
      killGroup();
    }, options.timeoutMs);
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream].setEncoding("utf8");
      child[stream].on("data", (chunk: string) => {
        if (run.tooLarge) return;
        run[stream] += chunk;
        if (run[stream].length > options.maxOutputChars) {
          run.tooLarge = true;
          killGroup();
        }
      });
    }
    const settle = () => {
      clearTimeout(timer);
      resolve(run);
    };
    child.on("error", (error) => {
      run.spawnError = error;
      if (child.pid === undefined) settle(); // never started: no "close" to wait for
    });
    child.on("close", (code, signal) => {
      run.exitCode = code;
      run.signal = signal;
      if (code !== 0) killGroup();
      settle();
    });
  });
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.trim() ?? "";
}
