/**
 * The search cache file is a cache miss unless it is a regular file (SPEC §15): a FIFO is never opened (a
 * plain read would block forever), a folder is skipped, a link is neither followed when reading nor
 * written through when saving — the save replaces the entry at the path with a regular file of its own.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RegistryEntry } from "../registry/registry-types.js";
import { createTempDir, makeEntry, type TempDir } from "../test/index.js";
import { createSkillSearch } from "./create-skill-search.js";
import { readSearchCache, searchFingerprint } from "./search-cache.js";
import { searchDocument } from "./search-document.js";

const posix = process.platform !== "win32";
const entries: RegistryEntry[] = [
  makeEntry({ skill: { name: "pdf", description: "Read and fill PDF forms." } }),
  makeEntry({ skill: { name: "deploy", description: "Ship the site." } }),
];
const fingerprint = searchFingerprint(entries.map((entry) => searchDocument(entry.skill)));
let temp: TempDir;
let cacheFile: string;

beforeEach(async () => {
  temp = await createTempDir("skillset-search-cache-kinds-");
  mkdirSync(temp.join("cache"));
  cacheFile = temp.join("cache", "search-x.json");
});
afterEach(() => temp.cleanup());

/** Searching works, the cache was not used, and nothing but the cache file is left in its folder. */
function expectMissThenSearch(): void {
  expect(
    createSkillSearch(entries, { cacheFile })
      .search("pdf")
      .map((found) => found.name),
  ).toEqual(["pdf"]);
  expect(readdirSync(temp.join("cache")).filter((name) => name.includes(".tmp"))).toEqual([]);
}

describe("the search cache file", () => {
  it.skipIf(!posix)("a FIFO is a miss, read without blocking, and replaced by the saved cache", () => {
    execFileSync("mkfifo", [cacheFile]);
    const started = performance.now();
    expect(readSearchCache(cacheFile, fingerprint)).toBeUndefined();
    expectMissThenSearch();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lstatSync(cacheFile).isFile()).toBe(true);
    expect(readSearchCache(cacheFile, fingerprint)).toBeDefined();
  });

  it("a folder is a miss and is left alone (the save fails quietly)", () => {
    mkdirSync(cacheFile);
    expect(readSearchCache(cacheFile, fingerprint)).toBeUndefined();
    expectMissThenSearch();
    expect(lstatSync(cacheFile).isDirectory()).toBe(true);
  });

  it.skipIf(!posix)(
    "a link is not followed, even to a valid cache, and the save does not write through it",
    () => {
      const elsewhere = temp.join("elsewhere.json");
      createSkillSearch(entries, { cacheFile: elsewhere });
      const before = readFileSync(elsewhere, "utf8");
      expect(readSearchCache(elsewhere, fingerprint)).toBeDefined();
      symlinkSync(elsewhere, cacheFile);
      expect(readSearchCache(cacheFile, fingerprint)).toBeUndefined();
      expectMissThenSearch();
      expect(lstatSync(cacheFile).isFile()).toBe(true);
      expect(readFileSync(elsewhere, "utf8")).toBe(before);
    },
  );

  it("garbage is a miss and is replaced", () => {
    writeFileSync(cacheFile, "{nope");
    expect(readSearchCache(cacheFile, fingerprint)).toBeUndefined();
    expectMissThenSearch();
    expect(readSearchCache(cacheFile, fingerprint)).toBeDefined();
  });
});
