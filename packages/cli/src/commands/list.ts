/**
 * @module `skillset list` — the skills in effect here, as a table or JSON (SPEC §13).
 */
import type { Command } from "../command.js";

export const listCommand: Command = {
  name: "list",
  summary: "List the skills in effect here (--all adds shadowed and disabled ones)",
  usage: "list [--all] [--scope SCOPE] [--json]",
  details:
    "Each skill shows its scope and source. A skill hidden by a same-named one of higher precedence is\n" +
    "shadowed; two of the same precedence are ambiguous (a bare name resolves to neither).",
  options: {
    all: { type: "boolean", short: "a", description: "Include shadowed and disabled skills" },
    scope: {
      type: "string",
      description: "Only this scope (repo, user, admin, system, plugin, custom, remote)",
      valueName: "SCOPE",
    },
    json: { type: "boolean", description: "Print JSON" },
  },
  load: () => import("./list.run.js"),
};
