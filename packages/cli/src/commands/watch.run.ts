/**
 * @module `skillset watch` — prints skills as they are added, changed or removed, until stopped
 * (Ctrl-C), or after `--timeout` milliseconds, or after the first batch of changes with `--once`.
 */

import { inertForTerminal } from "@skillset/core/model";
import type { RegistryEvent } from "@skillset/core/registry";
import { painter } from "../color.js";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";

const eventStyles = { added: "green", changed: "yellow", removed: "red" } as const;

/** The longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `--timeout` in milliseconds, clamped to {@link MAX_TIMER_MS} (a larger value once stopped after 1 ms). */
export function parseTimeout(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const milliseconds = Number(value);
  if (!Number.isInteger(milliseconds) || milliseconds < 0) {
    throw new UsageError(`--timeout takes a whole number of milliseconds, not '${String(value)}'`);
  }
  return Math.min(milliseconds, MAX_TIMER_MS);
}

/** `skillset watch [--json] [--once] [--timeout MS]`: one line per added, changed or removed skill. */
export async function run(context: CommandContext): Promise<number> {
  const timeout = parseTimeout(context.values.timeout);
  const { registry } = await openRegistry(context);
  const paint = painter(context.color);
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let stopping = false;
  const print = (event: RegistryEvent) => {
    const { skill } = event.entry;
    // A skill whose SKILL.md stopped loading is `removed`: say why, or it looks like a deletion (SPEC §15).
    const reasons =
      event.type === "removed"
        ? registry.diagnostics().filter((found) => found.severity === "error" && found.path === skill.path)
        : [];
    if (context.values.json) {
      const line = { type: event.type, skill: entryJson(event.entry) };
      writeJson(context.stdout, reasons.length > 0 ? { ...line, diagnostics: reasons } : line, {
        line: true,
      });
    } else {
      const type = paint(eventStyles[event.type], event.type.padEnd(7));
      context.stdout.write(
        `${type}  ${inertForTerminal(skill.qualifiedName)} (${skill.scope}, ${event.entry.status})  ${inertForTerminal(skill.path)}\n`,
      );
      for (const reason of reasons) {
        context.stdout.write(`         not loaded: ${inertForTerminal(reason.message)} [${reason.code}]\n`);
      }
    }
    if (context.values.once && !stopping) {
      stopping = true;
      // Events of one batch arrive together: let the rest of the batch print first.
      setImmediate(stop);
    }
  };
  const watcher = await registry.watch(print);
  const existing = registry.roots().filter((info) => info.exists).length;
  const skills = registry.entries().length;
  context.stderr.write(
    `Watching ${existing} skill root${existing === 1 ? "" : "s"} (${skills} skill${skills === 1 ? "" : "s"}) for changes; press Ctrl-C to stop.\n`,
  );
  const timer = timeout === undefined ? undefined : setTimeout(stop, timeout);
  try {
    await stopped;
  } finally {
    if (timer) clearTimeout(timer);
    await watcher.close();
  }
  return EXIT_OK;
}
