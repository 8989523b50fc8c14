/**
 * @module Shell preprocessing (SPEC §9, §11): `` !`command` `` and ```` ```! ```` blocks in a skill body
 * replaced by the command's output before the model sees the body. Off unless a host turns it on; then
 * only for skills from trusted scopes. Commands run without a shell (execa, arguments split on spaces,
 * shell syntax refused), in the skill's folder, bounded by a timeout that kills the whole process tree
 * and by an output cap. Any failure aborts the load with an error naming the command.
 */

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
  const { execa } = await import("execa");
  const subprocess = execa(file, args, {
    cwd: skill.dir,
    shell: false,
    detached: true, // its own process group, so a timeout kills the children too
    stdin: "ignore",
    reject: false,
    maxBuffer: options.maxOutputBytes,
    env: options.env ?? {},
    stripFinalNewline: true,
  });
  let timedOut = false;
  const killTree = () => {
    if (subprocess.pid === undefined) return;
    try {
      process.kill(-subprocess.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killTree();
  }, options.timeoutMs);
  const result = await subprocess;
  clearTimeout(timer);
  if (timedOut)
    throw fail(
      "shell-timeout",
      `did not finish within ${options.timeoutMs} ms and was killed with its child processes`,
    );
  if (result.isMaxBuffer) {
    killTree();
    throw fail(
      "shell-output-too-large",
      `printed more than ${options.maxOutputBytes} characters (policy.shellMaxOutputBytes)`,
    );
  }
  if (result.failed) {
    killTree();
    const detail =
      firstLine(String(result.stderr ?? "")) || (result.shortMessage ?? "").split("\n")[0] || "failed";
    const status = result.exitCode === undefined ? "could not run" : `exited with code ${result.exitCode}`;
    throw fail("shell-failed", `${status}: ${detail}`, result);
  }
  return String(result.stdout ?? "").trim();
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.trim() ?? "";
}
