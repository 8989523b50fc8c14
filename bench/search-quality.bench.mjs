// Search quality (SPEC §10): hit@5 on a labelled set of plain-language requests (bench/search-queries.json,
// written from ../shared/corpus/wild), for plain BM25 (MiniSearch defaults over name + description, built
// in this run) and for skillset's search, over one copy of the corpus and over eight copies (identical
// skills published or installed several times, which a reader wants listed once). Also the in-process
// query latency on the same requests: p50 ≤ 2 ms. Target: ours above BM25.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRegistry, createSkillSearch, defaultConfig } from "@skillset/core";
import MiniSearch from "minisearch";
import { benchDir, corpus, flatWildTree } from "./make-tree.mjs";

if (!existsSync(join(corpus, "wild"))) {
  console.log(`search quality: skipped, the shared corpus is not at ${corpus} (set SKILLSET_CORPUS)`);
  process.exit(0);
}
const { queries } = JSON.parse(
  readFileSync(fileURLToPath(new URL("./search-queries.json", import.meta.url)), "utf8"),
);
const limits = { maxDepth: 6, maxDirectories: 100_000, maxEntries: 1_000_000 };
const config = { ...defaultConfig, discovery: { ...defaultConfig.discovery, limits } };
const home = join(benchDir, "search-quality-home");
mkdirSync(home, { recursive: true });
const env = {
  HOME: home,
  XDG_CONFIG_HOME: join(home, ".config"),
  XDG_CACHE_HOME: join(home, ".cache"),
  SKILLSET_ADMIN_DIR: join(home, "etc"),
};

async function entriesOf(copies) {
  const project = join(benchDir, `search-quality-project-${copies}`);
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".agents"), { recursive: true });
  symlinkSync(flatWildTree(copies), join(project, ".agents", "skills"));
  const registry = createRegistry({ cwd: project, env, config, cacheFile: false });
  await registry.load();
  return registry.entries().filter((entry) => entry.skill.scope !== "system");
}

const hit = (names, expected) => names.slice(0, 5).some((name) => expected.includes(name));

for (const copies of [1, 8]) {
  const entries = await entriesOf(copies);
  const plain = new MiniSearch({ fields: ["name", "description"], storeFields: ["name"] });
  plain.addAll(
    entries.map((entry, id) => ({ id, name: entry.skill.name, description: entry.skill.description })),
  );
  const ours = createSkillSearch(entries, { config: defaultConfig.search });
  let bm25 = 0;
  let found = 0;
  const times = [];
  for (let round = 0; round < 5; round++) {
    for (const { query, expect } of queries) {
      const start = performance.now();
      const results = ours.search(query, { limit: 5, all: true });
      if (round > 0) times.push(performance.now() - start);
      if (round > 0) continue;
      if (
        hit(
          results.map((result) => result.name),
          expect,
        )
      )
        found++;
      if (
        hit(
          plain.search(query).map((result) => result.name),
          expect,
        )
      )
        bm25++;
    }
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  const rate = (count) => (count / queries.length).toFixed(3);
  console.log(
    `${`hit@5, ${queries.length} labelled requests, ${entries.length} skills (${copies}× corpus)`.padEnd(64)} BM25 ${rate(bm25)}   ours ${rate(found)}   ${found > bm25 ? "ok" : found === bm25 ? "OVER (not above BM25)" : "OVER (below BM25)"}`,
  );
  console.log(
    `${"  query latency on these requests".padEnd(64)} p50 ${p50.toFixed(2)} ms (target ≤ 2) ${p50 <= 2 ? "ok" : "OVER"}`,
  );
}
