/**
 * @module `skillset list` — not built yet.
 */
import type { Command } from "../command.js";

export const listCommand: Command = {
  name: "list",
  summary: "(not built yet)",
  usage: "list",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset list: not built yet\n");
    return 2;
  },
};
