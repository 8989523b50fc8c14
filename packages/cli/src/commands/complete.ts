/**
 * @module `skillset __complete skills` (hidden) — what the shell completion scripts call back for: the
 * skill names here, one a line. The work is in `complete.run.ts`.
 */
import type { Command } from "../command.js";

export const completeCommand: Command = {
  name: "__complete",
  summary: "Print completion candidates for shell scripts (skills: skill names, one a line)",
  usage: "__complete skills",
  options: {},
  positionals: { min: 1, max: 1 },
  hidden: true,
  load: () => import("./complete.run.js"),
};
