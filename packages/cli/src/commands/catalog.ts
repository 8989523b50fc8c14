/**
 * @module `skillset catalog` — the catalog the model would see, fitted into its token budget (SPEC §7, §13). The work is in `catalog.run.ts`.
 */
import type { Command } from "../command.js";

export const catalogCommand: Command = {
  name: "catalog",
  summary: "Print the skills catalog the model sees, fitted into its token budget",
  usage: "catalog [--format xml|markdown|context] [--context-window N] [--budget N] [--json]",
  details:
    "Lists the enabled skills the model may invoke, as the system prompt would carry them. The budget is\n" +
    "--budget tokens, else 2% (catalog.budgetPercent) of --context-window, else 8,000 tokens. When the\n" +
    "catalog does not fit, descriptions are shortened fairly, then the least recently used, lowest-scope\n" +
    "skills are left out, with a note telling the model that skill_search finds them. A summary of what\n" +
    "was cut goes to stderr; --json prints the whole result (text, tokens, listed, truncated, omitted).\n" +
    "Exit code 1 when the budget cannot hold even the catalog's fixed text.",
  options: {
    format: {
      type: "string",
      description: "Catalog format: xml (default), markdown or context",
      valueName: "FORMAT",
    },
    "context-window": {
      type: "string",
      description: "The model's context window in tokens; the budget is 2% of it",
      valueName: "N",
    },
    budget: { type: "string", description: "Token budget (wins over --context-window)", valueName: "N" },
    json: { type: "boolean", description: "Print the whole result as JSON" },
  },
  load: () => import("./catalog.run.js"),
};
