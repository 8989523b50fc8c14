/**
 * @module `skillset to-prompt` — not built yet.
 */
import type { Command } from "../command.js";

export const toPromptCommand: Command = {
  name: "to-prompt",
  summary: "(not built yet)",
  usage: "to-prompt",
  options: {},
  positionals: { max: 64 },
  async run(context) {
    context.stderr.write("skillset to-prompt: not built yet\n");
    return 2;
  },
};
