import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { defaultConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createRegistry } from "../registry/create-registry.js";
import { createTempProject, isolatedEnv, type TempDir } from "../test/index.js";
import { findSkill } from "./find-skill.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-find-skill-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
});
afterEach(() => temp.cleanup());

/** A registry over the temp project whose file system counts the scans of the project's skills root. */
async function countingRegistry() {
  const root = temp.join("project/.agents/skills");
  const counter = { scans: 0 };
  const fs: FileSystem = {
    ...nodeFileSystem,
    readdir: (path) => {
      if (path === root) counter.scans++;
      return nodeFileSystem.readdir(path);
    },
  };
  const config = {
    ...defaultConfig,
    discovery: { ...defaultConfig.discovery, providers: { system: false } },
  };
  const registry = createRegistry({
    cwd: temp.join("project"),
    env: isolatedEnv(temp),
    cacheFile: false,
    config,
    fs,
  });
  await registry.load();
  counter.scans = 0;
  return { registry, counter };
}

describe("findSkill on a miss", () => {
  it("rescans at most once per interval, however many unknown names are asked, one after another or at once", async () => {
    const { registry, counter } = await countingRegistry();
    for (let index = 0; index < 50; index++) {
      expect((await findSkill(registry, `nosuch-${index}`)).kind).toBe("not-found");
    }
    await Promise.all(Array.from({ length: 50 }, (_, index) => findSkill(registry, `random-${index}`)));
    // One scan for the first miss, none for the other 99 in the interval (it was one per miss).
    expect(counter.scans).toBe(1);
    // The one rescan answers every miss in the interval from what is loaded.
    expect((await findSkill(registry, "pdf")).kind).toBe("found");
  });

  it("still finds a skill created a moment ago, once the interval allows a scan", async () => {
    // The interval is measured on process.hrtime: a fake clock steps over it instead of a sleep.
    vi.useFakeTimers({ toFake: ["hrtime"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { registry, counter } = await countingRegistry();
    expect((await findSkill(registry, "notes")).kind).toBe("not-found");
    expect(counter.scans).toBe(1);
    await temp.writeSkill("project/.agents/skills/notes", { name: "notes", description: "Use for notes." });
    // Within the interval: no scan, so not found yet.
    expect((await findSkill(registry, "notes", { rescanIntervalMs: 60_000 })).kind).toBe("not-found");
    expect(counter.scans).toBe(1);
    // Once the interval has passed: scanned again, found.
    vi.advanceTimersByTime(99);
    expect((await findSkill(registry, "notes", { rescanIntervalMs: 100 })).kind).toBe("not-found");
    vi.advanceTimersByTime(1);
    expect((await findSkill(registry, "notes", { rescanIntervalMs: 100 })).kind).toBe("found");
    expect(counter.scans).toBe(2);
  });
});
