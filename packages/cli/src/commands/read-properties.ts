/**
 * @module `skillset read-properties` — not built yet.
 */
import type { Command } from "../command.js";

export const readPropertiesCommand: Command = {
  name: "read-properties",
  summary: "(not built yet)",
  usage: "read-properties",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset read-properties: not built yet\n");
    return 2;
  },
};
