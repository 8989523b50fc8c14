/**
 * @module The work of `skillset check` (the command table row is `check.ts`).
 */
import { inertForTerminal } from "@skillset/core/model";
import { checkSkills } from "@skillset/install";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { interruptible, limitsFrom, terminalIo } from "../install-terminal.js";
import { writeJson } from "../json/write-json.js";

export async function run(context: CommandContext): Promise<number> {
  const result = await checkSkills({
    cwd: context.cwd,
    env: context.env,
    global: context.values.global === true,
    names: context.positionals,
    limits: limitsFrom(context),
    ...interruptible(context),
    progress: terminalIo(context).progress,
  });
  const drift =
    result.interrupted || result.rows.some((row) => row.local !== "intact" || row.upstream !== "current");
  if (context.values.json) {
    writeJson(context.stdout, {
      lock: result.scope.lockPath,
      interrupted: result.interrupted,
      skills: result.rows,
    });
    return drift ? EXIT_FINDINGS : EXIT_OK;
  }
  const lines = result.rows.map((row) => {
    const states = [
      row.local === "intact" ? "" : `local: ${row.local}`,
      row.upstream === "current" ? "" : `upstream: ${row.upstream}`,
    ].filter(Boolean);
    const detail = row.detail ? ` (${inertForTerminal(row.detail)})` : "";
    return `${inertForTerminal(row.name)}  ${states.length > 0 ? states.join(", ") : "current"}${detail}`;
  });
  if (result.rows.length === 0) lines.push(`No skills recorded in ${result.scope.lockPath}.`);
  if (result.interrupted)
    lines.push("An interrupted change is waiting; the next add, update, install or remove rolls it back.");
  context.stdout.write(`${lines.join("\n")}\n`);
  return drift ? EXIT_FINDINGS : EXIT_OK;
}
