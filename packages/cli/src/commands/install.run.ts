/**
 * @module The work of `skillset install` (the command table row is `install.ts`).
 */
import { refreshFromLock } from "@skillset/install";
import type { CommandContext } from "../command.js";
import { limitsFrom, terminalIo } from "../install-terminal.js";
import { printRefresh } from "./update.run.js";

export async function run(context: CommandContext): Promise<number> {
  return printRefresh(
    context,
    await refreshFromLock("install", {
      cwd: context.cwd,
      env: context.env,
      global: context.values.global === true,
      names: context.positionals,
      force: context.values.force === true,
      limits: limitsFrom(context),
      io: terminalIo(context),
    }),
  );
}
