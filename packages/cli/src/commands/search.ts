/**
 * @module `skillset search` — find skills by what they do (SPEC §10, §13). The work is in `search.run.ts`.
 */
import type { Command } from "../command.js";

export const searchCommand: Command = {
  name: "search",
  summary: "Find skills by what they do, a name, or the start of one",
  usage:
    'search "<query>" [--limit N] [--scope S] [--all] [--json]\nsearch - [options]   (query from standard input)',
  details:
    "Ranks exact paths, exact names and name prefixes first, then text relevance over names,\n" +
    "descriptions, keywords and headings (stemmed, with prefixes and one or two typos allowed).\n" +
    "Without --all only the skills a model may use are searched (enabled, in effect, model-invocable).\n" +
    "Exit code 1 when nothing matches.",
  options: {
    limit: { type: "string", description: "Most results (default from config: 8)", valueName: "N" },
    scope: {
      type: "string",
      description: "Only skills of this scope (repo, user, admin, system, …)",
      valueName: "S",
    },
    all: { type: "boolean", description: "Search every skill: disabled, shadowed and user-only too" },
    json: { type: "boolean", description: "Print JSON" },
  },
  positionals: { min: 1, max: 1024 },
  load: () => import("./search.run.js"),
};
