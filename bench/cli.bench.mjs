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
import { benchDir, flatWildTree, repoRoot, report, timeProcess, timings } from "./make-tree.mjs";

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

const node =
  (...args) =>
  () =>
    timeProcess(process.execPath, args, { env });
const skillset =
  (args, options = {}) =>
  () =>
    timeProcess(process.execPath, [bin, ...args], {
      env: { ...env, ...(options.env ?? {}) },
      cwd: options.cwd,
    });

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

/** A git project under .bench/ whose .agents/skills links to the flat wild tree of `copies` copies. */
function linkedProject(name, copies) {
  const project = join(benchDir, name);
  if (!existsSync(join(project, ".agents/skills"))) {
    mkdirSync(join(project, ".git"), { recursive: true });
    writeFileSync(join(project, ".git/HEAD"), "ref: refs/heads/main\n");
    mkdirSync(join(project, ".agents"), { recursive: true });
    rmSync(join(project, ".agents/skills"), { force: true }); // a link left dangling by a moved checkout
    symlinkSync(flatWildTree(copies), join(project, ".agents/skills"));
  }
  return project;
}

// An installed-skills folder: the project's .agents/skills holds every copy of wild/.
const installed = linkedProject("cli-project", 8);
// The default walk limits (2,000 folders) would hide most of them, as `list` then says: the person raises
// them in their own config (a project's config may lower limits, never raise them).
rmSync(join(installed, ".skillset"), { recursive: true, force: true });
mkdirSync(join(home, ".config/skillset"), { recursive: true });
writeFileSync(
  join(home, ".config/skillset/config.json"),
  JSON.stringify({ discovery: { limits: { maxDirectories: 1_000_000, maxEntries: 10_000_000 } } }),
);
const skillsDir = join(installed, ".agents/skills");
const findCat = () =>
  timeProcess("sh", ["-c", 'find -L "$0" -name SKILL.md -print0 | xargs -0 cat > /dev/null', skillsDir], {
    env,
  });
const straightforward = join(repoRoot, "bench/straightforward-list.mjs");
const parseFloor = () => timeProcess(process.execPath, [straightforward, skillsDir], { env, cwd: installed });
const listed = JSON.parse(
  spawnSync(process.execPath, [bin, "list", "--all", "--json"], { cwd: installed, env, maxBuffer: 1 << 30 })
    .stdout,
).skills.length;

console.log(`\nat scale: ${listed} skills in ${skillsDir} (whole process)`);
let coldRound = 0;
const coldCache = () => ({ XDG_CACHE_HOME: join(home, `cache-cold-${coldRound++}`) });
const warmCache = { XDG_CACHE_HOME: join(home, "cache-warm") };
const [floorFiles, floorParse, cold, warm, validate] = timings(runs, [
  findCat,
  parseFloor,
  () => skillset(["list", "--json"], { cwd: installed, env: coldCache() })(),
  skillset(["list", "--json"], { cwd: installed, env: warmCache }),
  skillset(["validate", "--json", skillsDir], { cwd: installed, env: warmCache }),
]);
const parse = { label: "parse floor", floor: floorParse };
report("skillset list --json, cold (no metadata cache)", cold, floorFiles, 3, [{ ...parse, target: 0.5 }]);
report("skillset list --json, warm", warm, floorFiles, 1.5, [parse]);
report("skillset validate --json", validate, floorFiles, 2.5, [parse]);

// One skill, as a host that calls the CLI per turn does: the same warm cache, against `node -e 0`. The
// skill has a name of its own (the tree's names are all shared by its copies). The name index proves
// itself fresh by the stamp of every folder the walk listed and every SKILL.md (registry/name-index.ts
// says why no fewer): its own floor is a Node process that only stats those paths, printed beside.
const oneName = "bench-one-skill";
/** Adds the one skill to `project`, and returns the paths a proof of the project's walk stats. */
function addOneSkill(project, skills) {
  mkdirSync(join(project, ".claude/skills", oneName), { recursive: true });
  writeFileSync(
    join(project, ".claude/skills", oneName, "SKILL.md"),
    `---\nname: ${oneName}\ndescription: Use when measuring one-skill commands.\n---\n\n1. Read the task.\n2. Do it.\n`,
  );
  const paths = [
    join(project, ".claude/skills", oneName),
    join(project, ".claude/skills", oneName, "SKILL.md"),
  ];
  for (const entry of readdirSync(skills, { withFileTypes: true }))
    if (entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
      paths.push(join(skills, entry.name), join(skills, entry.name, "SKILL.md"));
  const list = join(home, `proof-paths-${paths.length}.json`);
  writeFileSync(list, JSON.stringify(paths));
  return list;
}
const statFloor = (list) =>
  node(
    "-e",
    "const fs = require('fs'); for (const p of JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))) fs.statSync(p, { throwIfNoEntry: false });",
    list,
  );
// A file changed in the last 3 s cannot prove anything (the racy window): the index waits until it can.
const pastRacyWindow = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_100);

/** Times `load`, `show` and `read` of the one skill in `project` against both floors. */
function oneSkillLines(project, skills, count, env) {
  const list = addOneSkill(project, skills);
  pastRacyWindow();
  console.log(`\none skill (${oneName}) in a ${count}-skill project, warm (whole process)`);
  const [floorStart, floorStats, load, show, read] = timings(runs, [
    node("-e", "0"),
    statFloor(list),
    skillset(["load", oneName], { cwd: project, env }),
    skillset(["show", oneName], { cwd: project, env }),
    skillset(["read", `skill://${oneName}/SKILL.md`], { cwd: project, env }),
  ]);
  const proof = { label: "stat floor", floor: floorStats };
  report(`skillset load ${oneName}`, load, floorStart, 3, [proof]);
  report(`skillset show ${oneName}`, show, floorStart, 3, [proof]);
  report(`skillset read skill://${oneName}/SKILL.md`, read, floorStart, 3, [proof]);
}
oneSkillLines(installed, skillsDir, listed, warmCache);

// The same in a project of one copy of the wild corpus (~2,000 skills, what a large real project holds).
const smaller = linkedProject("cli-project-1", 1);
const smallerCache = { XDG_CACHE_HOME: join(home, "cache-smaller") };
skillset(["list"], { cwd: smaller, env: smallerCache })();
oneSkillLines(smaller, join(smaller, ".agents/skills"), "2,000", smallerCache);

rmSync(home, { recursive: true, force: true });
rmSync(empty, { recursive: true, force: true });
