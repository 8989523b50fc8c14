/**
 * @module The work of `skillset update` (the command table row is `update.ts`).
 */
import { inertForTerminal } from "@skillset/core/model";
import { type RefreshResult, refreshFromLock } from "@skillset/install";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { interruptible, limitsFrom, terminalIo } from "../install-terminal.js";

export function run(context: CommandContext): Promise<number> {
  return runRefresh("update", context);
}

/** `update` and `install` differ only in what they refresh from: upstream, or the lock's recorded commit. */
export async function runRefresh(mode: "install" | "update", context: CommandContext): Promise<number> {
  return printRefresh(
    context,
    await refreshFromLock(mode, {
      cwd: context.cwd,
      env: context.env,
      global: context.values.global === true,
      names: context.positionals,
      force: context.values.force === true,
      limits: limitsFrom(context),
      ...interruptible(context),
      io: terminalIo(context),
    }),
  );
}

/** One line per skill; exit 1 when any could not be refreshed. */
export function printRefresh(context: CommandContext, result: RefreshResult): number {
  const lines = result.rows.map(
    (row) =>
      `${inertForTerminal(row.name)}  ${row.outcome}${row.detail ? ` (${inertForTerminal(row.detail)})` : ""}`,
  );
  if (result.rows.length === 0)
    lines.push(`No skills recorded in ${result.scope.lockPath}.${result.note ? ` ${result.note}` : ""}`);
  context.stdout.write(`${lines.join("\n")}\n`);
  return result.failed ? EXIT_FINDINGS : EXIT_OK;
}
