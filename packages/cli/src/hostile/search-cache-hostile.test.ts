/**
 * `skillset search` with something other than a regular file where its search cache goes (SPEC §15): a
 * FIFO once blocked the read forever. Each kind — a FIFO, a folder, a link — is a cache miss; the command
 * answers in the real binary, in a child process with a kill timeout, so a regression fails here instead
 * of hanging the suite.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv } from "../testing/index.js";
import { runBin } from "./run-bin.js";

const posix = process.platform !== "win32";
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-search-cache-");
  await temp.write({
    "project/.agents/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody.\n",
    "elsewhere.json": "not the cache\n",
  });
});
afterEach(() => temp.cleanup());

function search() {
  return runBin(["search", "pdf forms", "--json"], {
    cwd: temp.join("project"),
    env: isolatedEnv(temp),
    timeoutMs: 20_000,
  });
}

/** The search cache the first run wrote, under the isolated XDG cache. */
function searchCacheFile(): string {
  const folder = temp.join("home", ".cache", "skillset");
  const found = readdirSync(folder).filter((name) => /^search-.*\.json$/.test(name));
  expect(found).toHaveLength(1);
  return join(folder, found[0] as string);
}

describe.skipIf(!posix)("skillset search with a hostile search cache file", () => {
  it.each([
    ["a FIFO", (path: string) => execFileSync("mkfifo", [path])],
    ["a folder", (path: string) => mkdirSync(path)],
    ["a link", (path: string) => symlinkSync(temp.join("elsewhere.json"), path)],
  ])("answers with %s at the cache path, within 5 s", async (_kind, plant) => {
    expect((await search()).stdout).toContain('"pdf"');
    const cacheFile = searchCacheFile();
    rmSync(cacheFile);
    plant(cacheFile);
    const run = await search();
    expect(run.timedOut, `killed after 20 s: ${run.stderr}`).toBe(false);
    expect(run.ms).toBeLessThan(5_000);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"pdf"');
    // The link's target is never written through.
    expect(readFileSync(temp.join("elsewhere.json"), "utf8")).toBe("not the cache\n");
    expect(lstatSync(cacheFile).isSymbolicLink()).toBe(false);
  });
});
