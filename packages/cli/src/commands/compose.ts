/**
 * @module `skillset compose` — an interactive composer with the `$` skill popup (SPEC §13). The work is in
 * `compose.run.ts`; Ink and React load only when it runs.
 */
import type { Command } from "../command.js";

export const composeCommand: Command = {
  name: "compose",
  summary: "Write a message with the $ skill popup; Enter shows what the turn would load",
  usage: "compose [--print]",
  details:
    "Type a message; $, [$, / (at the start) or skill:// opens a popup of skills under the cursor:\n" +
    "↑/↓ select, Tab or Enter insert, Esc closes. Enter sends the message through a session and shows\n" +
    "the `Using skill:` lines, what was loaded and the task; --print prints the first message's turn as\n" +
    "JSON and exits. Ctrl-D (on an empty line) or Ctrl-C quits. Without a terminal, each line of standard\n" +
    "input is one message.",
  options: { print: { type: "boolean", description: "Print the resolved turn as JSON and exit" } },
  load: () => import("./compose.run.js"),
};
