import { existsSync } from "node:fs";
import MiniSearch from "minisearch";
import { beforeAll, describe, expect, it } from "vitest";
import type { RegistryEntry } from "../registry/registry-types.js";
import { corpusDir, NEEDS_CORPUS } from "../test/corpus.js";
import { corpusEntries } from "../test/corpus-entries.js";
import { createSkillSearch } from "./create-skill-search.js";
import type { SkillSearch } from "./search-types.js";

/**
 * Queries written the way a person asks — not in the description's own words — each with the skills
 * that answer it (any one of them in the top 5 is a hit).
 */
const QUERIES: [string, string[]][] = [
  ["shrink the images on my website", ["image"]],
  [
    "write release notes from the git log",
    ["changelog-automation", "changelog-generator", "write-release-notes", "product-changelog"],
  ],
  ["fill out a form inside a pdf", ["pdf"]],
  ["make a slide deck for my quarterly review", ["pptx", "pptx-auto-windows"]],
  ["open a spreadsheet and add a formula column", ["xlsx"]],
  ["edit a word document with tracked changes", ["docx"]],
  ["my tests keep failing and I don't know why", ["systematic-debugging", "debug"]],
  ["write the test first, then the code", ["test-driven-development", "tdd-workflow"]],
  ["figure out why the github actions checks are red on my PR", ["gh-fix-ci"]],
  ["answer the reviewer comments on my pull request", ["gh-address-comments", "receiving-code-review"]],
  ["teach the agent a new reusable workflow for our team", ["skill-creator", "writing-skills"]],
  ["install a skill from a github repository", ["skill-installer"]],
  ["build a server so the model can call our API", ["mcp-builder"]],
  ["click through my local web app in a real browser", ["webapp-testing", "playwright-cli"]],
  ["make an animated gif for a slack channel", ["slack-gif-creator"]],
  ["generative art with random seeds", ["algorithmic-art", "p5js"]],
  ["use our company colors and typography", ["brand-guidelines"]],
  ["draft a status update for the whole company", ["internal-comms"]],
  ["plan the steps before coding a big feature", ["writing-plans", "create-plan"]],
  ["work on two branches at once in separate folders", ["using-git-worktrees"]],
  ["make sure it really works before saying it is done", ["verification-before-completion"]],
  ["split independent work across several agents at the same time", ["dispatching-parallel-agents"]],
  ["will it rain tomorrow", ["weather"]],
  ["funny picture with a caption for the team chat", ["meme-factory"]],
  ["adapt my cv to a job posting", ["tailored-resume-generator"]],
  ["speed up slow postgres queries", ["postgresql-optimization", "postgres-patterns"]],
  ["run my app in a container", ["docker-expert", "docker-patterns", "convert-to-docker"]],
  ["remind me every monday morning", ["cron"]],
  ["commit my changes with a good message", ["commit", "commit-work", "git-pushing"]],
  ["delete local branches whose remote is gone", ["git-clean-gone-branches"]],
  ["read my inbox from the terminal", ["himalaya"]],
  ["send a text message from my mac", ["imsg"]],
  ["train a classifier in python", ["scikit-learn"]],
  ["dataframes faster than pandas", ["polars"]],
  ["run a quantum circuit on IBM hardware", ["qiskit"]],
  ["look up a gene in genbank", ["ncbi-entrez", "gget"]],
  ["which proteins interact with each other", ["string-database"]],
  ["transcript of a youtube video or podcast", ["summarize"]],
  ["turn a notion spec into implementation tasks", ["notion-spec-to-implementation"]],
  ["update my tickets in linear", ["linear"]],
  ["help me write a regex pattern", ["regex-expert"]],
  ["goroutines and channels in go", ["golang-expert", "golang-patterns"]],
  ["look for vulnerabilities in my branch before merging", ["find-bugs"]],
  ["add a shadcn button to my react ui", ["shadcn"]],
  ["turn up the volume on the sonos speakers", ["sonoscli"]],
  ["get secrets out of 1password in a script", ["1password"]],
  ["text to image generation", ["fal-ai-image", "imagen"]],
  ["run google and facebook ad campaigns", ["paid-ads"]],
];

const corpus = corpusDir();
const skip = !existsSync(corpus);

/** Plain BM25 over name + description: MiniSearch with default tokenizing, no stemming, prefixes, typos or boosts. */
function plainBm25(entries: readonly RegistryEntry[]) {
  const index = new MiniSearch<{ id: number; name: string; description: string }>({
    fields: ["name", "description"],
  });
  index.addAll(
    entries.map((entry, id) => ({ id, name: entry.skill.name, description: entry.skill.description })),
  );
  return (query: string) =>
    index
      .search(query)
      .slice(0, 5)
      .map((hit) => entries[hit.id as number]?.skill.name ?? "");
}

function hitRate(top5: (query: string) => string[]): { rate: number; misses: string[] } {
  const misses: string[] = [];
  for (const [query, intended] of QUERIES) {
    if (!top5(query).some((name) => intended.includes(name))) misses.push(query);
  }
  return { rate: (QUERIES.length - misses.length) / QUERIES.length, misses };
}

describe.skipIf(skip)(`search quality on the corpus ${NEEDS_CORPUS}`, () => {
  let entries: RegistryEntry[];
  let search: SkillSearch;

  beforeAll(() => {
    entries = corpusEntries(corpus);
    search = createSkillSearch(entries, { config: { defaultLimit: 5, maxLimit: 50 } });
  });

  it(`finds the intended skill in the top 5 for more of ${QUERIES.length} plain-language queries than plain BM25`, () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const [, intended] of QUERIES) {
      expect(
        entries.some((entry) => intended.includes(entry.skill.name)),
        intended.join(),
      ).toBe(true);
    }
    const ours = hitRate((query) =>
      search.search(query, { limit: 5 }).map((result) => result.entry.skill.name),
    );
    const baseline = hitRate(plainBm25(entries));
    console.log(
      `search quality, ${QUERIES.length} queries over ${entries.length} corpus skills: hit@5 ours ${(ours.rate * 100).toFixed(1)}% ` +
        `vs plain BM25 over name + description ${(baseline.rate * 100).toFixed(1)}%\n` +
        `  ours missed: ${ours.misses.join(" | ") || "none"}\n  BM25 missed: ${baseline.misses.join(" | ")}`,
    );
    expect(ours.rate).toBeGreaterThan(baseline.rate);
  });

  it("ranks an exact name first, then names that start with the query", () => {
    const exact = search.search("pdf", { limit: 10 });
    expect(exact[0]).toMatchObject({ name: "pdf", reason: "exact_name" });
    const prefix = search.search("systematic-deb", { limit: 5 });
    expect(prefix[0]).toMatchObject({ name: "systematic-debugging", reason: "prefix" });
    const reasons = search.search("gh-", { limit: 10 }).map((result) => result.reason);
    expect(reasons.slice(0, 2)).toEqual(["prefix", "prefix"]);
  });

  it("still finds a skill with a one-letter typo", () => {
    for (const [typo, name] of [
      ["systematic-debuging", "systematic-debugging"],
      ["brainstroming", "brainstorming"],
      ["qiskt", "qiskit"],
      ["polras dataframe", "polars"],
    ] as const) {
      const names = search.search(typo, { limit: 5 }).map((result) => result.name);
      expect(names, typo).toContain(name);
    }
  });

  it("is deterministic: the same query gives the same ranking, ties by scope then path", () => {
    const first = search.search("create a skill", { limit: 20 }).map((result) => result.path);
    const again = createSkillSearch([...entries].reverse(), { config: { defaultLimit: 5, maxLimit: 50 } });
    expect(again.search("create a skill", { limit: 20 }).map((result) => result.path)).toEqual(first);
  });
});
