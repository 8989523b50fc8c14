/**
 * @module The real `git` binary, spawned without a shell and configured so that nothing from the
 * repository runs: hooks pointed at an empty path, no submodules, no `ext::` transport, no prompts.
 */
import { spawn } from "node:child_process";
import { SkillsetError } from "@skillset/core/model";
import { interruptedError } from "./interrupted.js";

/** `-c` settings on every call: nothing the repository ships (hooks, fsmonitor, submodules) is executed. */
const SAFE_CONFIG = [
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "core.symlinks=true",
  "submodule.recurse=false",
  "protocol.ext.allow=never",
  "advice.detachedHead=false",
  "init.defaultBranch=main",
];

/** Most output read from one git command (a listing of 2,000 files is about 200 KB). */
const MAX_OUTPUT = 64 * 1024 * 1024;

export interface RunGitOptions {
  cwd?: string;
  timeoutMs: number;
  env: Record<string, string | undefined>;
  /** Aborted when the person interrupts: git is stopped and `install-interrupted` thrown. */
  signal?: AbortSignal;
}

/** Runs `git <args>`; resolves to stdout, or throws `install-git-failed` with git's own message. */
export function runGit(args: readonly string[], options: RunGitOptions): Promise<string> {
  const argv = [...SAFE_CONFIG.flatMap((setting) => ["-c", setting]), ...args];
  return new Promise((resolvePromise, reject) => {
    if (options.signal?.aborted) return reject(interruptedError(options.signal));
    const child = spawn("git", argv, {
      cwd: options.cwd,
      shell: false,
      // Its own process group, so that stopping it stops its helpers too (`git-remote-http` holds the
      // pipes open: killing git alone would leave the command waiting on them).
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...options.env,
        GIT_TERMINAL_PROMPT: "0",
        GIT_ASKPASS: "",
        SSH_ASKPASS: "",
        GIT_SSH_COMMAND: options.env.GIT_SSH_COMMAND ?? "ssh -o BatchMode=yes",
        GIT_HTTP_LOW_SPEED_LIMIT: "1",
        GIT_HTTP_LOW_SPEED_TIME: String(Math.max(1, Math.round(options.timeoutMs / 1000))),
        GIT_LFS_SKIP_SMUDGE: "1",
      },
    });
    let stdout = "";
    let overflowed = false;
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      // A listing of a hostile tree could be endless: what a skill source needs is far less.
      if (stdout.length > MAX_OUTPUT && !overflowed) {
        overflowed = true;
        stop();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => stop(), options.timeoutMs);
    // git leaves nothing to tidy that the caller does not remove with the folder: stop it at once.
    const onAbort = () => stop();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (error) => {
      settle();
      reject(
        new SkillsetError(
          "install-git-failed",
          `Cannot run git (${error.message}). Install git and try again.`,
          {
            cause: error,
          },
        ),
      );
    });
    child.on("close", (code, signal) => {
      settle();
      if (options.signal?.aborted) return reject(interruptedError(options.signal));
      if (overflowed)
        return reject(
          new SkillsetError(
            "install-too-large",
            `Refused: git ${args[0]} printed more than ${MAX_OUTPUT} bytes; the repository is too large to install from. Nothing was installed.`,
          ),
        );
      if (code === 0) return resolvePromise(stdout);
      const detail = signal ? `timed out after ${options.timeoutMs} ms` : lastLines(stderr);
      reject(new SkillsetError("install-git-failed", `git ${args[0]} failed: ${detail}`));
    });
  });
}

function lastLines(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("hint:"));
  return lines.slice(-3).join(" ") || "no message";
}
