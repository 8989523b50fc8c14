/**
 * @module `skillset audit`, `validate` and `lint` of a tree, and `add`/`update`/`install`, are short batch
 * runs: they start cold, do one pass of work over many files and exit. V8's defaults are made for
 * long-lived pages, where optimizing a function early and inlining much pays off over minutes. On Node
 * 20's V8 (11.x), in a run of a second or less, that work on the second core and the re-optimizations it
 * leads to cost more than they give: letting a function run twice as long before the optimizing compiler
 * takes it, and inlining less into one function, made whole `audit` and `validate` runs 13–17 % faster on
 * a two-core machine (a quarter less processor time), `lint` 6 %, `add` 2 %. Loading `node:v8` to set the
 * flags costs ~1.5 ms (it brings Node's stream modules), more than a command that is mostly start-up gains
 * (`list` in an empty project was 1.6–2 ms slower tuned, `check` 5 ms), so only these commands are tuned;
 * a server (`mcp`) or a watcher keeps V8's defaults, which suit a long run. Only the command-line
 * process is tuned (never a host that imports `@skillset/core`), only on the V8 these flags were measured
 * on (later V8s tier up by other rules and no longer have `--interrupt-budget`), and a flag the person
 * gives Node is left as it is.
 */

/** The flags, with the value each takes (V8's defaults: 67,584 and 920). */
const BATCH_FLAGS = [
  ["--interrupt-budget", "132000"],
  ["--max-inlined-bytecode-size-cumulative", "300"],
] as const;

/** The commands whose work is a batch over many files (see the module comment). */
const BATCH_COMMANDS = new Set(["audit", "validate", "lint", "add", "update", "install"]);

/**
 * The V8 flags to set for `command`'s work: none but for a batch command, none on a V8 other than 11.x,
 * and none the person already gives Node (on its command line or in `NODE_OPTIONS`).
 */
export function batchRunFlags(
  command: string,
  v8Version: string,
  execArgv: readonly string[],
  nodeOptions = "",
): string[] {
  if (!BATCH_COMMANDS.has(command) || !v8Version.startsWith("11.")) return [];
  const given = `${execArgv.join(" ")} ${nodeOptions}`.replaceAll("_", "-");
  return BATCH_FLAGS.filter(([flag]) => !given.includes(flag)).map(([flag, value]) => `${flag}=${value}`);
}

/** Sets {@link batchRunFlags} in this process, before `command`'s work is loaded. */
export async function tuneForBatchRun(command: string): Promise<void> {
  const flags = batchRunFlags(command, process.versions.v8, process.execArgv, process.env.NODE_OPTIONS);
  // `node:v8` costs ~1.5 ms to load (it brings the stream modules): only when there is something to set.
  if (flags.length > 0) (await import("node:v8")).setFlagsFromString(flags.join(" "));
}
