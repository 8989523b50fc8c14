/**
 * @module `skillset catalog` — not built yet.
 */
import type { Command } from "../command.js";

export const catalogCommand: Command = {
  name: "catalog",
  summary: "(not built yet)",
  usage: "catalog",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset catalog: not built yet\n");
    return 2;
  },
};
