/**
 * @module The work of `skillset pick`: the picker on the terminal, or the best match for the query when
 * there is none. Enable/disable goes through the registry's state store, as `skillset disable` does.
 */
import { rankSkills } from "@skillset/core/completion";
import { inertForTerminal } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import type { PickExit } from "../interactive/pick-app.js";
import { importTerminalUi, terminalOf } from "../interactive/terminal-streams.js";
import { openRegistry } from "../open-skillset.js";
import { ambiguousMessage } from "../skill-messages.js";

const EXIT_INTERRUPTED = 130;

export async function run(context: CommandContext): Promise<number> {
  const query = context.positionals[0] ?? "";
  const { registry } = await openRegistry(context);
  const print = (entry: RegistryEntry) => {
    context.stdout.write(`${context.values.path ? entry.skill.path : entry.skill.qualifiedName}\n`);
    return EXIT_OK;
  };
  const terminal = terminalOf(context.stdio);
  if (!terminal) {
    if (query === "") throw new UsageError("no terminal to pick on; give a query to print its best match");
    const best = rankSkills(registry, query, { limit: 1 })[0];
    // Printing one of several skills that share the best match's name would pick silently (SPEC §15).
    const twins =
      best?.entry.status === "ambiguous" ? registry.lookup(best.entry.skill.qualifiedName) : undefined;
    if (twins?.kind === "ambiguous") {
      context.stderr.write(
        `skillset pick: ${ambiguousMessage(best!.entry.skill.qualifiedName, twins.entries)}\n`,
      );
      return EXIT_FINDINGS;
    }
    if (best) return print(best.entry);
    context.stderr.write(`skillset pick: no skill matches '${query}'.\n`);
    return EXIT_FINDINGS;
  }
  const [{ runInk }, { PickApp }, { createElement }] = await importTerminalUi(() =>
    Promise.all([import("../interactive/run-ink.js"), import("../interactive/pick-app.js"), import("react")]),
  );
  const toggle = async (entry: RegistryEntry) => {
    const enable = !entry.enabled;
    const { diagnostics } = await registry.setEnabled(entry.skill.qualifiedName, enable);
    const done = `${enable ? "Enabled" : "Disabled"} ${entry.skill.qualifiedName} (user settings)`;
    // E.g. a damaged state file was moved aside: say so on the status line rather than nothing.
    return [
      done,
      ...diagnostics.map((problem) => `${problem.severity}: ${inertForTerminal(problem.message)}`),
    ].join(" · ");
  };
  const ended = await runInk<PickExit>(
    terminal,
    createElement(PickApp, { entries: () => registry.entries(), initialQuery: query, toggle }),
  );
  if (ended?.kind === "chosen") return print(ended.entry);
  return ended?.kind === "interrupted" ? EXIT_INTERRUPTED : EXIT_FINDINGS;
}
