/**
 * @module `skillset update [names…]`: fetch each skill's source at its ref and install what changed,
 * after approval of every changed digest (SPEC §14).
 */

import { inertForTerminal } from "@skillset/core/model";
import type { RefreshResult } from "@skillset/install";
import { type Command, type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { globalOption, limitOptions, limitsFrom, terminalIo } from "../install-terminal.js";

export const updateCommand: Command = {
  name: "update",
  summary: "Update installed skills from their sources (changed digests need approval)",
  usage: "update [names…] [--yes] [--force] [--global]",
  options: {
    ...globalOption,
    yes: { type: "boolean", short: "y", description: "Approve changed skills without asking" },
    force: { type: "boolean", description: "Overwrite skills edited since they were installed" },
    ...limitOptions,
  },
  positionals: { max: 1000 },
  async run(context) {
    const { refreshFromLock } = await import("@skillset/install");
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
  },
};

/** One line per skill; exit 1 when any could not be refreshed. */
export function printRefresh(context: CommandContext, result: RefreshResult): number {
  const lines = result.rows.map(
    (row) => `${row.name}  ${row.outcome}${row.detail ? ` (${inertForTerminal(row.detail)})` : ""}`,
  );
  if (result.rows.length === 0) lines.push(`No skills recorded in ${result.scope.lockPath}.`);
  context.stdout.write(`${lines.join("\n")}\n`);
  return result.failed ? EXIT_FINDINGS : EXIT_OK;
}
