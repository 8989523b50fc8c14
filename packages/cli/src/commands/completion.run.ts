/**
 * @module The work of `skillset completion`: print the script for the shell asked for.
 */
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { globalOptions } from "../global-options.js";
import { completionScript, SHELLS, type Shell } from "../shell-completion/index.js";

export async function run(context: CommandContext): Promise<number> {
  const shell = context.positionals[0] ?? "";
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw new UsageError(`unknown shell '${shell}'; use one of ${SHELLS.join(", ")}`);
  }
  context.stdout.write(completionScript(shell as Shell, await context.commands(), globalOptions));
  return EXIT_OK;
}
