/**
 * @module `skillset state` — the enable/disable settings saved for the user and for this project, so a
 * person can see what `enable`/`disable` recorded (and forget an entry with `enable --reset`). The work is
 * in `state.run.ts`.
 */
import type { Command } from "../command.js";

export const stateCommand: Command = {
  name: "state",
  summary: "Show the saved enable/disable settings (user and project)",
  usage: "state [--json]",
  details:
    "Lists every key in the user's and the project's state.json, and the SKILLSET_ENABLE_SKILLS /\n" +
    "SKILLSET_DISABLE_SKILLS variables when set. `skillset enable NAME --reset` forgets one entry.",
  options: { json: { type: "boolean", description: "Print JSON" } },
  load: () => import("./state.run.js"),
};
