import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "../test/index.js";
import { stepPastRacyWindow } from "../test/racy-window.js";
import { createRegistry } from "./create-registry.js";

let temp: TempDir;
let env: Record<string, string>;

beforeEach(async () => {
  temp = await createTempDir("skillset-kept-listings-");
  env = isolatedEnv(temp);
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
});
afterEach(async () => {
  vi.useRealTimers();
  await temp.cleanup();
});

const skill = (name: string) => renderSkillFile({ name, description: `Use when testing ${name}.` });

/** A warm load (cache file, kept listings) and a full one without any cache, as plain data. */
async function both() {
  const cacheFile = temp.join("cache", "metadata.json");
  const options = { cwd: temp.join("project"), env, home: temp.join("home") };
  const warm = createRegistry({ ...options, cacheFile });
  await warm.load();
  await warm.settled();
  const full = createRegistry({ ...options, cacheFile: false });
  await full.load();
  const data = (registry: typeof warm) =>
    JSON.parse(JSON.stringify({ entries: registry.entries(), diagnostics: registry.diagnostics() }));
  const kept = JSON.parse(readFileSync(cacheFile, "utf8")).listings ?? [];
  return { warm: data(warm), full: data(full), kept: kept.length / 7 };
}

describe("folder listings kept in the metadata cache", () => {
  it("a warm walk answers as a full one after folders are added, removed, renamed and edited", async () => {
    await temp.write({
      "project/.agents/skills/pdf/SKILL.md": skill("pdf"),
      "project/.agents/skills/docx/SKILL.md": skill("docx"),
      "project/.agents/skills/group/inner/SKILL.md": skill("inner"),
    });
    const first = await both();
    stepPastRacyWindow();
    const second = await both();
    // The project's folders were too recent to prove anything at first; now they are kept too.
    expect(second.kept - first.kept).toBeGreaterThanOrEqual(4);
    expect(second.warm).toEqual(second.full);

    await temp.write({ "project/.agents/skills/group/added/SKILL.md": skill("added") });
    await rm(temp.join("project/.agents/skills/docx"), { recursive: true });
    await rename(temp.join("project/.agents/skills/pdf"), temp.join("project/.agents/skills/pdf-forms"));
    const changed = await both();
    expect(changed.warm).toEqual(changed.full);
    const paths = changed.full.entries.map((entry: { skill: { path: string } }) => entry.skill.path);
    expect(paths.filter((path: string) => path.startsWith(temp.join("project")))).toEqual([
      temp.join("project/.agents/skills/group/added/SKILL.md"),
      temp.join("project/.agents/skills/group/inner/SKILL.md"),
      temp.join("project/.agents/skills/pdf-forms/SKILL.md"),
    ]);

    // A folder changed with its mtime set back: the ctime still moves, and the folder is listed again.
    stepPastRacyWindow();
    await both();
    // `touch -r` copies the times to the nanosecond (a time in JavaScript has no room for them).
    const group = temp.join("project/.agents/skills/group");
    const times = temp.join("times");
    await writeFile(times, "");
    execFileSync("touch", ["-r", group, times]);
    const before = statSync(group, { bigint: true }).mtimeNs;
    await temp.write({ "project/.agents/skills/group/late/SKILL.md": skill("late") });
    execFileSync("touch", ["-r", times, group]);
    expect(statSync(group, { bigint: true }).mtimeNs).toBe(before);
    const late = await both();
    expect(late.warm).toEqual(late.full);
    expect(JSON.stringify(late.full)).toContain("late/SKILL.md");

    // A SKILL.md removed from a folder that stays.
    stepPastRacyWindow();
    await both();
    await writeFile(temp.join("project/.agents/skills/group/inner/README.md"), "notes");
    await rm(temp.join("project/.agents/skills/group/inner/SKILL.md"));
    const removed = await both();
    expect(removed.warm).toEqual(removed.full);
    expect(JSON.stringify(removed.full)).not.toContain("inner/SKILL.md");
  }, 30_000);
});
