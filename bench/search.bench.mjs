// Search (SPEC §10) over 16,000 installed skills (eight copies of the corpus's wild/ folder):
// - index build: ours (stemming, camelCase names, keywords, four fields) next to the floor, the same
//   library indexing name + description with its defaults, in the same run. Target ≤ 1 s.
// - query latency over plain-language queries, names, prefixes and typos: p50 ≤ 2 ms, p99 ≤ 10 ms.
// - incremental update after one skill changes (a watch event): ≤ 5 ms.
// - the whole `skillset search` process, cold (no metadata cache) and warm, next to a warm
//   `skillset list` on the same tree: warm search ≤ 1.2× warm list.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, createSkillSearch, defaultConfig } from "@skillset/core";
import MiniSearch from "minisearch";
import { benchDir, flatWildTree, repoRoot } from "./make-tree.mjs";

const tree = flatWildTree(8);
const project = join(benchDir, "search-project");
const home = join(benchDir, "search-home");
rmSync(project, { recursive: true, force: true });
mkdirSync(join(project, ".git"), { recursive: true });
mkdirSync(join(project, ".agents"), { recursive: true });
symlinkSync(tree, join(project, ".agents", "skills"));
mkdirSync(home, { recursive: true });
const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: join(home, ".config"),
  XDG_CACHE_HOME: join(home, ".cache"),
  SKILLSET_ADMIN_DIR: join(home, "etc"),
  NO_COLOR: "1",
};
const limits = { maxDepth: 6, maxDirectories: 100_000, maxEntries: 1_000_000 };
const config = { ...defaultConfig, discovery: { ...defaultConfig.discovery, limits } };

const registry = createRegistry({ cwd: project, env, config, cacheFile: false });
await registry.load();
const entries = registry.entries();
console.log(
  `search: ${entries.length} skills (load machine: ${(await import("node:os")).loadavg()[0].toFixed(1)}; numbers are noisy on a shared 2-core box)`,
);

function medianOf(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
function percentile(times, p) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
function line(label, ours, extra) {
  console.log(`${label.padEnd(52)} ${extra}`.replace("{ours}", `${ours.toFixed(1)} ms`));
}

// Index build.
const builds = [];
const floors = [];
let index;
let plainIndex;
for (let run = 0; run < 4; run++) {
  let start = performance.now();
  const plain = new MiniSearch({ fields: ["name", "description"] });
  plain.addAll(
    entries.map((entry, id) => ({ id, name: entry.skill.name, description: entry.skill.description })),
  );
  floors.push(performance.now() - start);
  plainIndex = plain;
  start = performance.now();
  index = createSkillSearch(entries, { config: defaultConfig.search, cwd: project });
  builds.push(performance.now() - start);
}
const build = medianOf(builds.slice(1));
const floor = medianOf(floors.slice(1));
line(
  "index build, 16,000 skills",
  build,
  `ours {ours}   floor (MiniSearch defaults, name + description) ${floor.toFixed(1)} ms   ratio ${(build / floor).toFixed(2)}×   ${build <= 1000 ? "ok" : "OVER"} (target ≤ 1000 ms)`,
);

// Query latency.
const queries = [
  "shrink the images on my website",
  "write release notes from the git log",
  "fill out a form inside a pdf",
  "my tests keep failing and I don't know why",
  "figure out why the github actions checks are red on my PR",
  "speed up slow postgres queries",
  "run my app in a container",
  "train a classifier in python",
  "help me write a regex pattern",
  "add a shadcn button to my react ui",
  "pdf",
  "systematic-debugging",
  "gh-",
  "skill-cre",
  "brainstroming",
  "qiskt circuits",
  "a",
  "automate the crm contacts and invoices",
];
const latencies = [];
const floorLatencies = [];
for (let round = 0; round < 12; round++) {
  for (const query of queries) {
    let start = performance.now();
    index.search(query, { limit: 8 });
    if (round > 1) latencies.push(performance.now() - start);
    start = performance.now();
    plainIndex.search(query).slice(0, 8);
    if (round > 1) floorLatencies.push(performance.now() - start);
  }
}
const p50 = percentile(latencies, 0.5);
const p99 = percentile(latencies, 0.99);
console.log(
  `${"query latency".padEnd(52)} p50 ${p50.toFixed(2)} ms (target ≤ 2) ${p50 <= 2 ? "ok" : "OVER"}   p99 ${p99.toFixed(2)} ms (target ≤ 10) ${p99 <= 10 ? "ok" : "OVER"}   (${latencies.length} queries)`,
);
console.log(
  `${"  floor: plain MiniSearch query, same queries".padEnd(52)} p50 ${percentile(floorLatencies, 0.5).toFixed(2)} ms   p99 ${percentile(floorLatencies, 0.99).toFixed(2)} ms   ratio p50 ${(p50 / percentile(floorLatencies, 0.5)).toFixed(2)}×`,
);

// Incremental update: one skill changed (a new Skill object for the same id), as a watch event.
const updates = [];
for (let run = 0; run < 50; run++) {
  const entry = entries[(run * 337) % entries.length];
  const changed = {
    ...entry,
    skill: { ...entry.skill, description: `${entry.skill.description} (edited ${run})` },
  };
  const start = performance.now();
  index.apply({ type: "changed", entry: changed });
  updates.push(performance.now() - start);
}
const update = medianOf(updates);
line(
  "incremental update, one skill changed",
  update,
  `median {ours}   p99 ${percentile(updates, 0.99).toFixed(2)} ms   ${update <= 5 ? "ok" : "OVER"} (target ≤ 5 ms)`,
);

// Whole processes.
const bin = join(repoRoot, "packages", "cli", "dist", "bin.js");
const cacheDir = join(home, ".cache");
function timeProcess(args) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [bin, ...args, "--cwd", project], { env, encoding: "utf8" });
  const took = performance.now() - start;
  if (result.status !== 0)
    throw new Error(`skillset ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return took;
}
rmSync(cacheDir, { recursive: true, force: true });
const cold = timeProcess(["search", "write release notes from the git log"]);
const warmList = [];
const warmSearch = [];
for (let run = 0; run < 5; run++) {
  warmList.push(timeProcess(["list"]));
  warmSearch.push(timeProcess(["search", "write release notes from the git log"]));
}
const list = medianOf(warmList);
const search = medianOf(warmSearch);
console.log(`${"skillset search process, cold (no metadata cache)".padEnd(52)} ${cold.toFixed(0)} ms`);
console.log(
  `${"skillset search process, warm".padEnd(52)} ours ${search.toFixed(0)} ms   floor (skillset list, warm) ${list.toFixed(0)} ms   ratio ${(search / list).toFixed(2)}×   ${search / list <= 1.2 ? "ok" : "OVER"} (target ≤ 1.2×)`,
);
