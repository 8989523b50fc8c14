/**
 * @module `skillset disable` — not built yet.
 */
import type { Command } from "../command.js";

export const disableCommand: Command = {
  name: "disable",
  summary: "(not built yet)",
  usage: "disable",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset disable: not built yet\n");
    return 2;
  },
};
