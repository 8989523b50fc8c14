/**
 * @module `skillset new` — not built yet.
 */
import type { Command } from "../command.js";

export const newCommand: Command = {
  name: "new",
  summary: "(not built yet)",
  usage: "new",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset new: not built yet\n");
    return 2;
  },
};
