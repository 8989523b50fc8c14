/**
 * @module `skillset watch` — not built yet.
 */
import type { Command } from "../command.js";

export const watchCommand: Command = {
  name: "watch",
  summary: "(not built yet)",
  usage: "watch",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset watch: not built yet\n");
    return 2;
  },
};
