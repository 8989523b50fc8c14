/**
 * @module `skillset load` — a skill's body as a model would receive it (SPEC §9, §13). The work is in `load.run.ts`.
 */
import type { Command } from "../command.js";

export const loadCommand: Command = {
  name: "load",
  summary: "Print a skill's instructions with arguments applied, in a model envelope",
  usage: "load <name|path> [args…] [--envelope message|tool|preloaded] [--json]",
  details:
    "Reads the SKILL.md body (frontmatter removed), substitutes $ARGUMENTS, $N, named arguments and\n" +
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is named, not interpolated
    "${SKILL_DIR}, and wraps it the way a host gives it to a model (default: tool). Nothing is run.\n" +
    "Exit code 1 for an unknown, ambiguous or disabled skill.",
  options: {
    envelope: { type: "string", description: "message, tool (default) or preloaded", valueName: "NAME" },
    json: { type: "boolean", description: "Print JSON" },
  },
  positionals: { min: 1, max: 1024 },
  load: () => import("./load.run.js"),
};
