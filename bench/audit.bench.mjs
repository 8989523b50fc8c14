// `skillset audit` over the corpus (SPEC §17): time per skill next to `validate --strict` over the same
// skills in the same run (both collect the skills the same way, then one reads and checks SKILL.md's
// frontmatter, the other reads every file of the skill and runs every audit rule). Target: audit ≤ 2×
// validate. The two are timed in alternation, round after round (BENCH_RUNS, default 7), so load on the
// machine hits both alike; every round is printed, then the medians of wall time (the target line) and of
// the process's CPU time (steadier on a shared machine: time spent waiting for a core is not counted).
// Then what a person feels: whole `skillset audit` and `skillset validate --strict` processes over the
// same trees, alternated (start-up, a cold JIT and the JSON output included), held to the same 2×.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { auditSkills } from "@skillset/core/audit";
import { nodeFileSystem } from "@skillset/core/fs";
import { collectSkillFiles, validatePaths } from "@skillset/core/validate";
import { corpus, personEnv, repoRoot, report, timeProcess, timings } from "./make-tree.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 7);
const trees = [join(corpus, "wild"), join(corpus, "official")];

let validated = 0;
async function validate() {
  validated = (await validatePaths(trees, { mode: "strict" })).length;
}
let audits = [];
async function audit() {
  // As `skillset audit` does: the walk's listing of each skill folder is handed on, not read again.
  const { files } = await collectSkillFiles(trees, { fs: nodeFileSystem, keepListings: true });
  audits = await auditSkills(files.map((file) => ({ dir: dirname(file.path), listing: file.listing })));
}

async function time(fn) {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

await validate();
await audit();
const times = { validate: [], audit: [] };
for (let round = 0; round < runs; round++) {
  // Alternate which goes first too: neither always runs right after the other's garbage.
  const order = round % 2 === 0 ? ["validate", "audit"] : ["audit", "validate"];
  for (const name of order) times[name].push(await time(name === "audit" ? audit : validate));
  const [a, v] = [times.audit.at(-1), times.validate.at(-1)];
  console.log(
    `  round ${round + 1}: audit ${a.wall.toFixed(0)} ms (cpu ${a.cpu.toFixed(0)}), validate ${v.wall.toFixed(0)} ms (cpu ${v.cpu.toFixed(0)})`,
  );
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const auditMs = median(times.audit.map((each) => each.wall));
const validateMs = median(times.validate.map((each) => each.wall));
const auditCpu = median(times.audit.map((each) => each.cpu));
const validateCpu = median(times.validate.map((each) => each.cpu));

const flagged = audits.filter((entry) =>
  entry.findings.some((finding) => ["medium", "high", "critical"].includes(finding.severity)),
).length;
report(`audit (${audits.length} skills) vs validate --strict`, auditMs, validateMs, 2);
console.log(
  `  cpu: audit ${auditCpu.toFixed(0)} ms, validate ${validateCpu.toFixed(0)} ms, ratio ${(auditCpu / validateCpu).toFixed(2)}×`,
);
console.log(
  `  per skill: audit ${((auditMs * 1000) / audits.length).toFixed(0)} µs, validate ${((validateMs * 1000) / validated).toFixed(0)} µs; ${flagged} flagged at medium or worse, ${audits.reduce((n, entry) => n + entry.findings.length, 0)} findings in all`,
);

// Whole processes, as a person runs them (both with the same small environment).
const bin = join(repoRoot, "packages/cli/bin/skillset.js");
const env = personEnv(mkdtempSync(join(tmpdir(), "skillset-audit-bench-home-")));
const processOf = (args) => () => timeProcess(process.execPath, [bin, ...args, ...trees, "--json"], { env });
const [auditProcess, validateProcess] = timings(Number(process.env.BENCH_RUNS ?? 5), [
  processOf(["audit"]),
  processOf(["validate", "--strict"]),
]);
report("skillset audit vs validate --strict (whole process)", auditProcess, validateProcess, 2);
