/**
 * @module `skillset pick [query]` — a fuzzy picker over the skills, for people and for scripts
 * (`$(skillset pick)`). The work is in `pick.run.ts`; Ink and React load only when it runs.
 */
import type { Command } from "../command.js";

export const pickCommand: Command = {
  name: "pick",
  summary: "Pick a skill with a fuzzy finder and print its name (or --path)",
  usage: "pick [query] [--path]",
  details:
    "Type to filter (name, initials, description words); ↑/↓ select, Enter prints the chosen skill's\n" +
    "name (or its SKILL.md path with --path) on standard output, Tab enables or disables the selected\n" +
    "skill, Esc or Ctrl-C cancels (exit 1 or 130). The picker draws on the terminal even when standard\n" +
    "output is captured. Without a terminal it prints the best match for the query.",
  options: { path: { type: "boolean", description: "Print the SKILL.md path instead of the name" } },
  positionals: { max: 1 },
  load: () => import("./pick.run.js"),
};
