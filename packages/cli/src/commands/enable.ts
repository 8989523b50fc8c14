/**
 * @module `skillset enable` — not built yet.
 */
import type { Command } from "../command.js";

export const enableCommand: Command = {
  name: "enable",
  summary: "(not built yet)",
  usage: "enable",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset enable: not built yet\n");
    return 2;
  },
};
