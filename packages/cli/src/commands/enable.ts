/**
 * @module `skillset enable <name>` (and, through `toggleCommand`, `skillset disable`): switches a skill on or
 * off in the user state, or the project's with `--project` (SPEC §6). The work is in `enable.run.ts`.
 */
import type { Command } from "../command.js";

/** Builds `enable` or `disable`: they differ only in the value written and the words printed. */
export function toggleCommand(enabled: boolean): Command {
  const verb = enabled ? "enable" : "disable";
  return {
    name: verb,
    summary: `${enabled ? "Enable" : "Disable"} a skill by name, plugin:name or path (user settings; --project for this project)`,
    usage: `${verb} <name|path> [--project] [--force|--reset] [--json]`,
    details:
      "A name applies to every skill of that name; a path to that one skill. Project settings override\n" +
      "user settings; SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS override both. A name that matches\n" +
      "no skill is refused unless --force. `skillset state` shows what is saved; --reset forgets one entry.",
    options: {
      project: {
        type: "boolean",
        description: "Write the project's .skillset/state.json instead of the user's",
      },
      force: { type: "boolean", description: "Record the setting even though no such skill exists yet" },
      reset: { type: "boolean", description: "Forget the saved setting for this name or path instead" },
      json: { type: "boolean", description: "Print JSON" },
    },
    positionals: { min: 1, max: 1 },
    load: () => import("./enable.run.js").then((module) => ({ run: module.toggleRunner(enabled) })),
  };
}

/** `skillset enable <name|path> [--project]`. */
export const enableCommand: Command = toggleCommand(true);
