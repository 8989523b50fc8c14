// The `skillset` command as a person runs it: whole processes, timed next to floors measured in the same run,
// every process (ours and the floors) with the same environment and the same Node (issue 24).
// Start-up: `--version`, `--help` (≤ 1.5×) and `list` in an empty project (≤ 2.5×) against `node -e 0`.
// At scale, an installed folder of ~16,000 real skills, against two floors: the read floor
// (`find … -name SKILL.md | xargs cat` of the same files) and the parse floor (bench/straightforward-list.mjs:
// walk, read and parse every SKILL.md with the `yaml` package, print JSON). Targets: warm `list --json`
// ≤ 1.5× read; cold ≤ 3× read and ≤ 0.5× parse; `validate --json` ≤ 2.5× read; `load`/`show`/`read` of
// one skill, warm, ≤ 3× `node -e 0`.
// The machine is shared: each ratio compares runs taken side by side, medians of BENCH_RUNS (default 5).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchDir, flatWildTree, repoRoot, report, timings } from "./make-tree.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const bin = join(repoRoot, "packages/cli/bin/skillset.js");
const home = mkdtempSync(join(tmpdir(), "skillset-cli-bench-home-"));
// One environment for every process timed here, ours and the floors: this machine's own variables
// (NODE_EXTRA_CA_CERTS alone costs ~39 ms per Node 20 start) would otherwise weigh on one side only.
const env = {
  PATH: process.env.PATH ?? "",
  HOME: home,
  XDG_CONFIG_HOME: join(home, ".config"),
  NO_COLOR: "1",
};

/** Milliseconds of one whole process. */
function time(command, args, options = {}) {
  const start = performance.now();
  const result = spawnSync(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 30,
    ...options,
  });
  const elapsed = performance.now() - start;
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  }
  return elapsed;
}

const node =
  (...args) =>
  () =>
    time(process.execPath, args, { env });
const skillset =
  (args, options = {}) =>
  () =>
    time(process.execPath, [bin, ...args], { env: { ...env, ...(options.env ?? {}) }, cwd: options.cwd });

// An empty project: a git root with nothing but the bundled system skills around it.
const empty = mkdtempSync(join(tmpdir(), "skillset-cli-bench-empty-"));
mkdirSync(join(empty, ".git"));
writeFileSync(join(empty, ".git/HEAD"), "ref: refs/heads/main\n");
const emptyCache = { XDG_CACHE_HOME: join(home, "cache-empty") };

console.log("start-up (whole process)");
const [floor, version, help, list] = timings(runs, [
  node("-e", "0"),
  skillset(["--version"]),
  skillset(["--help"]),
  skillset(["list"], { cwd: empty, env: emptyCache }),
]);
report("skillset --version", version, floor, 1.5);
report("skillset --help", help, floor, 1.5);
report("skillset list (empty project)", list, floor, 2.5);
rmSync(home, { recursive: true, force: true });
rmSync(empty, { recursive: true, force: true });
