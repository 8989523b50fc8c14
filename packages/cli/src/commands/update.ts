/**
 * @module `skillset update [names…]`: fetch each skill's source at its ref and install what changed,
 * after approval of every changed digest (SPEC §14).
 */

import type { Command } from "../command.js";
import { allowRiskOption, globalOption, limitOptions } from "../install-options.js";

export const updateCommand: Command = {
  name: "update",
  summary: "Update installed skills from their sources (changed digests need approval)",
  usage: "update [names…] [--yes] [--allow-risk RULE…] [--force] [--global]",
  options: {
    ...globalOption,
    ...allowRiskOption,
    yes: { type: "boolean", short: "y", description: "Approve changed skills without asking" },
    force: { type: "boolean", description: "Overwrite skills edited since they were installed" },
    ...limitOptions,
  },
  positionals: { max: 1000 },
  load: () => import("./update.run.js"),
};
