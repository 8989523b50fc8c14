/**
 * @module `skillset lint` — not built yet.
 */
import type { Command } from "../command.js";

export const lintCommand: Command = {
  name: "lint",
  summary: "(not built yet)",
  usage: "lint",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset lint: not built yet\n");
    return 2;
  },
};
