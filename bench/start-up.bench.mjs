// Start-up of what a host and a person load first (issue 25): `import("@skillset/core")`, every entry of
// @skillset/core's export map at once, and `skillset --version`, each a whole Node process timed next to
// `node -e 0` in the same run and the same environment. "import" is ours minus the floor: the time the
// modules themselves cost. Targets: the root ≤ 2× the floor, `--version` ≤ 1.5× (as in cli.bench.mjs).
// The machine is shared: medians of BENCH_RUNS (default 9), every command taken side by side.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { personEnv, repoRoot, report, timeProcess, timings } from "./make-tree.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 9);
const home = mkdtempSync(join(tmpdir(), "skillset-start-up-bench-"));
const env = personEnv(home);
const bin = join(repoRoot, "packages/cli/bin/skillset.js");
const coreEntries = Object.keys(
  JSON.parse(readFileSync(join(repoRoot, "packages/core/package.json"), "utf8")).exports,
)
  .filter((entry) => entry !== "./package.json" && entry !== "./test")
  .map((entry) => (entry === "." ? "@skillset/core" : `@skillset/core/${entry.slice(2)}`));

/** Milliseconds of one whole Node process, run from the repository (where node_modules resolves us). */
const node =
  (...args) =>
  () =>
    timeProcess(process.execPath, args, { cwd: repoRoot, env }, [0]);
const importing = (specifiers) =>
  node(
    "--input-type=module",
    "-e",
    specifiers.map((specifier) => `await import(${JSON.stringify(specifier)});`).join(""),
  );

console.log(`start-up (whole process, median of ${runs})`);
const [floor, root, every, version] = timings(runs, [
  node("-e", "0"),
  importing(["@skillset/core"]),
  importing(coreEntries),
  node(bin, "--version"),
]);
const over = (time) => `import ${(time.median - floor.median).toFixed(1)} ms`;
report(`import @skillset/core (${over(root)})`, root, floor, 2);
report(`import all ${coreEntries.length} core entries (${over(every)})`, every, floor);
report(`skillset --version (${over(version)})`, version, floor, 1.5);

rmSync(home, { recursive: true, force: true });
