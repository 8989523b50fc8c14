/**
 * @module `skillset validate` — not built yet.
 */
import type { Command } from "../command.js";

export const validateCommand: Command = {
  name: "validate",
  summary: "(not built yet)",
  usage: "validate",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset validate: not built yet\n");
    return 2;
  },
};
