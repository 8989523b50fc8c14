/**
 * @module `skillset install`: restore every skill in the lock from the exact commit or URL it records,
 * refusing any whose digest differs (SPEC §14).
 */
import type { Command } from "../command.js";
import { globalOption, limitOptions } from "../install-options.js";

export const installCommand: Command = {
  name: "install",
  summary: "Restore the skills recorded in skills-lock.json, verifying their digests",
  usage: "install [names…] [--yes] [--force] [--global]",
  options: {
    ...globalOption,
    yes: {
      type: "boolean",
      short: "y",
      description:
        "Accepted as vercel's -y is: install restores only the digests the lock records, so it never asks",
    },
    force: { type: "boolean", description: "Overwrite skills edited since they were installed" },
    ...limitOptions,
  },
  positionals: { max: 1000 },
  load: () => import("./install.run.js"),
};
