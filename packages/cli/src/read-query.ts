/**
 * @module The words of a command's text argument: its positionals joined, or standard input for `-`.
 */
import { type CommandContext, UsageError } from "./command.js";

/** The positionals as one text; a lone `-` reads standard input instead. */
export async function readQuery(context: CommandContext): Promise<string> {
  if (context.positionals.length === 1 && context.positionals[0] === "-") {
    if (!context.readStdin) throw new UsageError("'-' reads standard input, which is not available here");
    return (await context.readStdin()).trim();
  }
  return context.positionals.join(" ").trim();
}
