/**
 * @module A real terminal for tests of the interactive commands: the built CLI runs in a detached tmux
 * session on a private server; keys go in with `send-keys`, the screen comes out with `capture-pane`.
 * Waits poll the screen against a generous deadline (no fixed sleeps), so a loaded machine is only slower.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Whether tmux can run here (tests that need it skip with one line when it cannot). */
export const hasTmux = !spawnSync("tmux", ["-V"]).error;

const bin = fileURLToPath(new URL("../../bin/skillset.js", import.meta.url));
let servers = 0;

export interface TmuxSession {
  /** Sends keys by tmux name (`Enter`, `Down`, `C-c`, `Escape`, …). */
  keys(...keys: string[]): void;
  /** Types text literally. */
  type(text: string): void;
  /** Pastes a file's text, as a terminal paste does (one burst of input). */
  paste(file: string): void;
  /** The visible screen, lines joined with `\n`, trailing spaces trimmed. */
  screen(): string;
  /** Polls the screen until `test` holds; returns that screen. Fails with the last screen after `timeoutMs`. */
  waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): void;
  /** Stops the session and its server. */
  kill(): Promise<void>;
}

/** Removes a temp dir a terminal test used, retrying while the ended command's last writes land. */
export async function cleanUp(temp: { cleanup(): Promise<void> }): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await temp.cleanup();
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * Starts `skillset <args>` in a `columns` × `rows` terminal. `shellLine` wraps the call (e.g.
 * `echo "got=$(%s)"`, where `%s` is the call). After the command, the screen shows `__EXIT=<code>`.
 */
export function startTmux(options: {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  dir: string;
  columns?: number;
  rows?: number;
  shellLine?: string;
}): TmuxSession {
  const server = `skillset-test-${process.pid}-${servers++}`;
  const tmux = (...args: string[]) =>
    spawnSync("tmux", ["-L", server, "-f", "/dev/null", ...args], { encoding: "utf8" });
  const launcher = join(options.dir, `launch-${server}.sh`);
  const exports = Object.entries(options.env)
    .map(([key, value]) => `export ${key}=${shellQuote(value)}`)
    .join("\n");
  const call = `${shellQuote(process.execPath)} ${shellQuote(bin)} ${options.args.map(shellQuote).join(" ")}`;
  const line = options.shellLine ? options.shellLine.replace("%s", call) : call;
  writeFileSync(
    launcher,
    `#!/bin/sh\nunset CI TMUX\n${exports}\nexport TERM=xterm-256color\n${line}\necho "__EXIT=$?"\nsleep 600\n`,
  );
  chmodSync(launcher, 0o755);
  const started = tmux(
    "new-session",
    "-d",
    "-s",
    "test",
    "-x",
    String(options.columns ?? 80),
    "-y",
    String(options.rows ?? 24),
    "-c",
    options.cwd,
    launcher,
  );
  if (started.status !== 0) throw new Error(`tmux did not start: ${started.stderr}`);
  const screen = () =>
    (tmux("capture-pane", "-p", "-t", "test").stdout ?? "")
      .split("\n")
      .map((row) => row.trimEnd())
      .join("\n")
      .trimEnd();
  return {
    keys: (...keys) => void tmux("send-keys", "-t", "test", ...keys),
    type: (text) => void tmux("send-keys", "-t", "test", "-l", text),
    paste(file) {
      tmux("load-buffer", file);
      tmux("paste-buffer", "-t", "test");
    },
    screen,
    async waitFor(test, timeoutMs = 20_000) {
      const matches =
        typeof test === "string"
          ? (text: string) => text.includes(test)
          : test instanceof RegExp
            ? (text: string) => test.test(text)
            : test;
      const deadline = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < deadline) {
        last = screen();
        if (matches(last)) return last;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`screen never matched ${String(test)}; last screen:\n${last}`);
    },
    resize: (columns, rows) =>
      void tmux("resize-window", "-t", "test", "-x", String(columns), "-y", String(rows)),
    async kill() {
      tmux("kill-server");
      // The command may still be finishing (e.g. writing its cache) after its terminal went away.
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}
