/**
 * @module The work of `skillset update` (the command table row is `update.ts`).
 */
import { inertForTerminal } from "@skillset/core/model";
import { type RefreshResult, refreshFromLock } from "@skillset/install";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { limitsFrom, terminalIo } from "../install-terminal.js";

export async function run(context: CommandContext): Promise<number> {
  return printRefresh(
    context,
    await refreshFromLock("update", {
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

/** One line per skill; exit 1 when any could not be refreshed. */
export function printRefresh(context: CommandContext, result: RefreshResult): number {
  const lines = result.rows.map(
    (row) => `${row.name}  ${row.outcome}${row.detail ? ` (${inertForTerminal(row.detail)})` : ""}`,
  );
  if (result.rows.length === 0) lines.push(`No skills recorded in ${result.scope.lockPath}.`);
  context.stdout.write(`${lines.join("\n")}\n`);
  return result.failed ? EXIT_FINDINGS : EXIT_OK;
}
