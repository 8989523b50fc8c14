/**
 * @module `skillset show` — not built yet.
 */
import type { Command } from "../command.js";

export const showCommand: Command = {
  name: "show",
  summary: "(not built yet)",
  usage: "show",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset show: not built yet\n");
    return 2;
  },
};
