/**
 * @module The work of `skillset install` (the command table row is `install.ts`).
 */
import type { CommandContext } from "../command.js";
import { runRefresh } from "./update.run.js";

export function run(context: CommandContext): Promise<number> {
  return runRefresh("install", context);
}
