/**
 * @module The process's streams as a terminal for `compose` and `pick`, and the optional packages that
 * draw on it (Ink and React are optional peers of the CLI: they would add about half to its install).
 */
import { type StdioStreams, UsageError } from "../command.js";

/** The process's streams when they are a terminal. */
export interface TerminalStreams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/** The streams as a terminal to draw on (stdout, or stderr when stdout is captured) and read keys from. */
export function terminalOf(stdio: StdioStreams | undefined): TerminalStreams | undefined {
  const terminal = stdio as Partial<TerminalStreams> | undefined;
  if (!terminal?.stdin?.isTTY || !terminal.stdout || !terminal.stderr) return undefined;
  if (!terminal.stdout.isTTY && !terminal.stderr.isTTY) return undefined;
  return terminal as TerminalStreams;
}

/** Imports a module of the terminal UI; a missing Ink or React is a usage error that says what to install. */
export async function importTerminalUi<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new UsageError(
      "the terminal UI needs the packages ink and react: install them where skillset is installed (for a global skillset: npm install -g ink@6 react@19). Without a terminal, compose reads messages from standard input and pick prints the best match for a query.",
    );
  }
}
