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

/**
 * Every batch run: twice V8's interrupt budget before a function is optimized (67,584), and under a third
 * of the bytecode it inlines into one function (920).
 */
const SHORT_RUN = ["--interrupt-budget=132000", "--max-inlined-bytecode-size-cumulative=300"];

/**
 * The flags of each command that is a batch over many files (see the module comment). The audit also
 * compiles each regular expression to machine code on its first run: it runs some hundreds of them, each
 * over many lines, and V8's default (first runs in the regular-expression interpreter, then a second
 * compilation once one is hot) cost it ~30 ms of a ~560 ms run over the corpus. `validate` and `lint`,
 * whose expressions mostly run a few times each, were 10–20 ms slower with it.
 */
const BATCH_FLAGS: Readonly<Record<string, readonly string[]>> = {
  audit: [...SHORT_RUN, "--no-regexp-tier-up"],
  validate: SHORT_RUN,
  lint: SHORT_RUN,
  add: SHORT_RUN,
  update: SHORT_RUN,
  install: SHORT_RUN,
};

/** A flag's name, as the person may spell it: `--no-regexp-tier-up` and `--regexp_tier_up` are one. */
const flagName = (flag: string) =>
  flag
    .replace(/^--(no-)?/, "")
    .replace(/=.*$/, "")
    .replaceAll("_", "-");

/**
 * The V8 flags to set for `command`'s work: none but for a batch command, none on a V8 other than 11.x,
 * and none the person already gives Node (on its command line or in `NODE_OPTIONS`), either way.
 */
export function batchRunFlags(
  command: string,
  v8Version: string,
  execArgv: readonly string[],
  nodeOptions = "",
): string[] {
  const flags = Object.hasOwn(BATCH_FLAGS, command) ? BATCH_FLAGS[command]! : [];
  if (!v8Version.startsWith("11.")) return [];
  const given = `${execArgv.join(" ")} ${nodeOptions}`.replaceAll("_", "-");
  return flags.filter((flag) => !given.includes(flagName(flag)));
}

/** Sets {@link batchRunFlags} in this process, before `command`'s work is loaded. */
export async function tuneForBatchRun(command: string): Promise<void> {
  const flags = batchRunFlags(command, process.versions.v8, process.execArgv, process.env.NODE_OPTIONS);
  // `node:v8` costs ~1.5 ms to load (it brings the stream modules): only when there is something to set.
  if (flags.length > 0) (await import("node:v8")).setFlagsFromString(flags.join(" "));
}
