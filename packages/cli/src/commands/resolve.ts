/**
 * @module `skillset resolve` — not built yet.
 */
import type { Command } from "../command.js";

export const resolveCommand: Command = {
  name: "resolve",
  summary: "(not built yet)",
  usage: "resolve",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset resolve: not built yet\n");
    return 2;
  },
};
