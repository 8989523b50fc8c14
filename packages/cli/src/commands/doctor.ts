/**
 * @module `skillset doctor` — not built yet.
 */
import type { Command } from "../command.js";

export const doctorCommand: Command = {
  name: "doctor",
  summary: "(not built yet)",
  usage: "doctor",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset doctor: not built yet\n");
    return 2;
  },
};
