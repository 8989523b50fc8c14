import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistryEntry } from "../registry/registry-types.js";
import { corpusDir, NEEDS_CORPUS } from "../test/corpus.js";
import { corpusEntries } from "../test/corpus-entries.js";
import { createTempDir, type TempDir } from "../test/index.js";
import { createSkillSearch } from "./create-skill-search.js";
import { splitWords } from "./search-terms.js";

const corpus = corpusDir();
const skip = !existsSync(corpus);

/** A deterministic stream of numbers in [0, 1), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Queries as people type them: words from the skills' descriptions, cut short, misspelt, mixed. */
function queries(entries: readonly RegistryEntry[], count: number): string[] {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const words = entries
    .flatMap(({ skill }) => splitWords(skill.description))
    .filter((word) => word.length > 2);
  const typo = (word: string) => {
    const at = Math.floor(next() * word.length);
    const kind = Math.floor(next() * 3);
    if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
    if (kind === 1) return `${word.slice(0, at)}x${word.slice(at)}`;
    return `${word.slice(0, at)}${word[at + 1] ?? ""}${word[at] ?? ""}${word.slice(at + 2)}`;
  };
  const made: string[] = [];
  for (let index = 0; index < count; index++) {
    const length = 1 + Math.floor(next() * 5);
    const parts = Array.from({ length }, () => {
      const word = pick(words);
      const roll = next();
      if (roll < 0.25) return typo(word);
      if (roll < 0.4) return word.slice(0, 3 + Math.floor(next() * 3));
      return word;
    });
    made.push(parts.join(" "));
  }
  return made;
}

describe.skipIf(skip)(`an index loaded for one query (onlyQuery) ${NEEDS_CORPUS}`, () => {
  let temp: TempDir;
  let entries: RegistryEntry[];
  let cacheFile: string;

  beforeAll(async () => {
    temp = await createTempDir("skillset-only-query-");
    entries = corpusEntries(corpus);
    cacheFile = join(temp.path, "search.json");
    createSkillSearch(entries, { cacheFile }); // writes the cache the one-query indexes load
  });
  afterAll(() => temp.cleanup());

  it("finds what the whole index finds, for 300 queries with typos, prefixes and several words", () => {
    const whole = createSkillSearch(entries);
    for (const query of queries(entries, 300)) {
      const once = createSkillSearch(entries, { cacheFile, onlyQuery: query });
      const expected = whole.search(query, { limit: 50, all: true });
      expect(once.search(query, { limit: 50, all: true }), query).toEqual(expected);
    }
    // 300 one-query indexes over the whole corpus: an agreement test, not a timing one (~20 s on 2 busy cores).
  }, 120_000);

  it("answers only its own query", () => {
    const once = createSkillSearch(entries, { cacheFile, onlyQuery: "release notes" });
    expect(once.search("release notes").length).toBeGreaterThan(0);
    expect(() => once.search("pdf forms")).toThrow(/one query/);
  });
});
