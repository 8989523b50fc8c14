/**
 * @module `skillset remove <name…>`: uninstall skills recorded in the lock (SPEC §14).
 */
import type { Command } from "../command.js";
import { globalOption } from "../install-options.js";

export const removeCommand: Command = {
  name: "remove",
  summary: "Uninstall skills that add installed (folder, agent links, lock entry)",
  usage: "remove <name…> [--global]",
  options: { ...globalOption },
  positionals: { min: 1, max: 1000 },
  load: () => import("./remove.run.js"),
};
