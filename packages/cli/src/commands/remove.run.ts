/**
 * @module The work of `skillset remove` (the command table row is `remove.ts`).
 */
import { inertForTerminal } from "@skillset/core/model";
import { removeSkills } from "@skillset/install";
import { type CommandContext, EXIT_OK } from "../command.js";
import { displayPath } from "../display-path.js";

export async function run(context: CommandContext): Promise<number> {
  const result = await removeSkills({
    names: context.positionals,
    cwd: context.cwd,
    env: context.env,
    global: context.values.global === true,
  });
  context.stdout.write(
    `${result.removed.map((name) => `Removed ${inertForTerminal(name)}`).join("\n")}\nUpdated ${displayPath(result.scope.lockPath, context.cwd)}.\n`,
  );
  return EXIT_OK;
}
