/**
 * @module `skillset remove <name…>`: uninstall skills recorded in the lock (SPEC §14).
 */
import { type Command, EXIT_OK } from "../command.js";
import { globalOption } from "../install-terminal.js";
import { displayPath } from "../print-diagnostics.js";

export const removeCommand: Command = {
  name: "remove",
  summary: "Uninstall skills that add installed (folder, agent links, lock entry)",
  usage: "remove <name…> [--global]",
  options: { ...globalOption },
  positionals: { min: 1, max: 1000 },
  async run(context) {
    const { removeSkills } = await import("@skillset/install");
    const result = await removeSkills({
      names: context.positionals,
      cwd: context.cwd,
      env: context.env,
      global: context.values.global === true,
    });
    context.stdout.write(
      `${result.removed.map((name) => `Removed ${name}`).join("\n")}\nUpdated ${displayPath(result.scope.lockPath, context.cwd)}.\n`,
    );
    return EXIT_OK;
  },
};
