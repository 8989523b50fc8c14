/**
 * @module A `skillset` command is a short batch run: it starts cold, does one pass of work and exits. V8's
 * defaults are made for long-lived pages, where optimizing a function early and inlining much pays off
 * over minutes. On Node 20's V8 (11.x), in a run of a second or less, that work on the second core and the
 * re-optimizations it leads to cost more than they give: letting a function run twice as long before the
 * optimizing compiler takes it, and inlining less into one function, made whole `skillset audit`,
 * `validate` and cold `list --json` runs 4–15 % faster on a two-core machine (and used a quarter less
 * processor time). Only the command-line process is tuned (never a host that imports `@skillset/core`),
 * not for the commands that serve for long (`mcp`, `watch`), only on the V8 these flags were measured on
 * (later V8s tier up by other rules and no longer have `--interrupt-budget`), and a flag the person gives
 * Node is left as it is.
 */

/** The flags, with the value each takes (V8's defaults: 67,584 and 920). */
const BATCH_FLAGS = [
  ["--interrupt-budget", "132000"],
  ["--max-inlined-bytecode-size-cumulative", "300"],
] as const;

/** Commands that serve for minutes or hours (a server, a watcher): V8's defaults suit them. */
const LONG_RUNNING = new Set(["mcp", "watch"]);

/**
 * The V8 flags to set for `command`'s work: none for a command that runs long, none on a V8 other than
 * 11.x, and none the person already gives Node (on its command line or in `NODE_OPTIONS`).
 */
export function batchRunFlags(
  command: string,
  v8Version: string,
  execArgv: readonly string[],
  nodeOptions = "",
): string[] {
  if (LONG_RUNNING.has(command) || !v8Version.startsWith("11.")) return [];
  const given = `${execArgv.join(" ")} ${nodeOptions}`.replaceAll("_", "-");
  return BATCH_FLAGS.filter(([flag]) => !given.includes(flag)).map(([flag, value]) => `${flag}=${value}`);
}

/** Sets {@link batchRunFlags} in this process, before `command`'s work is loaded. */
export async function tuneForBatchRun(command: string): Promise<void> {
  const flags = batchRunFlags(command, process.versions.v8, process.execArgv, process.env.NODE_OPTIONS);
  // `node:v8` costs a millisecond to load: only when there is something to set.
  if (flags.length > 0) (await import("node:v8")).setFlagsFromString(flags.join(" "));
}
