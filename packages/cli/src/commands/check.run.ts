/**
 * @module The work of `skillset check` (the command table row is `check.ts`).
 */
import { inertForTerminal } from "@skillset/core/model";
import { checkSkills } from "@skillset/install";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { interruptible, limitsFrom, progressLine } from "../install-terminal.js";
import { writeJson } from "../json/write-json.js";

/** What to run about each kind of drift found (one line per kind, naming the skills). */
function nextSteps(
  rows: readonly { name: string; local: string; upstream: string }[],
  global: boolean,
): string[] {
  const flag = global ? " --global" : "";
  const names = (test: (row: { local: string; upstream: string }) => boolean) =>
    rows
      .filter(test)
      .map((row) => inertForTerminal(row.name))
      .join(" ");
  const steps: string[] = [];
  const changed = names((row) => row.upstream === "changed" && row.local === "intact");
  if (changed) steps.push(`skillset update ${changed}${flag}    review and apply the upstream changes`);
  // A copy whose source cannot be fetched cannot be restored either: the step below says what to do.
  const missing = names(
    (row) => row.local === "missing" && row.upstream !== "gone" && row.upstream !== "unreachable",
  );
  if (missing) steps.push(`skillset install${flag}    restore ${missing} from the lock`);
  const edited = names((row) => row.local === "edited");
  if (edited)
    steps.push(
      `skillset update ${edited} --force${flag}    replace the local edits with the source (keep them: do nothing)`,
    );
  const unverified = names((row) => row.local === "unverified");
  if (unverified)
    steps.push(
      `skillset update ${unverified} --force${flag}    replace copies that cannot be verified (vercel's lock has no integrity and the source changed)`,
    );
  const gone = names((row) => row.upstream === "gone" || row.upstream === "unreachable");
  if (gone)
    steps.push(`skillset remove ${gone}${flag}    if the source is gone for good (else check the source)`);
  return steps;
}

export async function run(context: CommandContext): Promise<number> {
  const result = await checkSkills({
    cwd: context.cwd,
    env: context.env,
    global: context.values.global === true,
    names: context.positionals,
    limits: limitsFrom(context),
    ...interruptible(context),
    progress: progressLine(context),
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
  if (result.rows.length === 0)
    lines.push(`No skills recorded in ${result.scope.lockPath}.${result.note ? ` ${result.note}` : ""}`);
  if (result.interrupted)
    lines.push("An interrupted change is waiting; the next add, update, install or remove rolls it back.");
  const next = nextSteps(result.rows, context.values.global === true);
  if (result.rows.length === 0)
    next.push("skillset add <source>    install skills and record them in the lock");
  if (next.length > 0) lines.push("", "Next:", ...next.map((step) => `  ${step}`));
  context.stdout.write(`${lines.join("\n")}\n`);
  return drift ? EXIT_FINDINGS : EXIT_OK;
}
