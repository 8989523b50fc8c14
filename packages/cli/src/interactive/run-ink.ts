/**
 * @module Mounts an Ink app on the process's terminal and resolves with what it exited with. Draws on
 * stdout when it is a terminal, else on stderr (so `$(skillset pick)` captures only the answer). Raw
 * mode and the cursor are given back on every way out, including a crash.
 */
import { render } from "ink";
import type { ReactElement } from "react";
import { loadWidthRules } from "../terminal/text-width.js";
import type { TerminalStreams } from "./terminal-streams.js";

/** Renders `app` until it calls `exit(value)`; returns that value. */
export async function runInk<T>(
  terminal: TerminalStreams,
  app: ReactElement,
  onRender?: () => void,
): Promise<T | undefined> {
  const stdout = terminal.stdout.isTTY ? terminal.stdout : terminal.stderr;
  await loadWidthRules(); // whatever a person types is measured
  const instance = render(app, {
    stdin: terminal.stdin,
    stdout,
    stderr: terminal.stderr,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 120,
    ...(onRender ? { onRender } : {}),
  });
  // Standard input ended (the terminal went away): end as if closed.
  const ended = () => instance.unmount();
  terminal.stdin.once("end", ended);
  try {
    const value = (await instance.waitUntilExit()) as T | undefined;
    return value;
  } finally {
    terminal.stdin.off("end", ended);
    instance.unmount();
    instance.cleanup();
    if (terminal.stdin.isTTY) terminal.stdin.setRawMode(false);
    terminal.stdin.pause();
    stdout.write("\u001b[?25h"); // cursor visible
  }
}
