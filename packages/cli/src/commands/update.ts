/**
 * @module `skillset update [names…]`: fetch each skill's source at its ref and install what changed,
 * after approval of every changed digest (SPEC §14).
 */

import type { Command } from "../command.js";
import { globalOption, limitOptions } from "../install-options.js";

export const updateCommand: Command = {
  name: "update",
  summary: "Update installed skills from their sources (changed digests need approval)",
  usage: "update [names…] [--yes] [--allow-risk RULE…] [--force] [--global]",
  options: {
    ...globalOption,
    "allow-risk": {
      type: "string",
      multiple: true,
      valueName: "RULE",
      description: "Approve the audit's findings of RULE (repeatable); the only way past a critical one",
    },
    yes: { type: "boolean", short: "y", description: "Approve changed skills without asking" },
    force: { type: "boolean", description: "Overwrite skills edited since they were installed" },
    ...limitOptions,
  },
  positionals: { max: 1000 },
  load: () => import("./update.run.js"),
};
