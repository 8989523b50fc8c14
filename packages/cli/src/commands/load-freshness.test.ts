import { existsSync, readdirSync } from "node:fs";
import { rm, stat, utimes, writeFile } from "node:fs/promises";
import { renderSkillFile, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
let fresh = 0;

beforeEach(async () => {
  temp = await createTempProject("skillset-load-fresh-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Fill PDF forms." });
  await temp.writeSkill("project/.agents/skills/docx", { name: "docx", description: "Edit Word files." });
  await temp.write({ "project/.agents/skills/later/.keep": "" });
});
afterEach(async () => {
  vi.useRealTimers();
  await temp.cleanup();
});

/** `skillset <argv>` with the shared cache (where the name index lives), or with a cache of its own. */
const cli = (argv: string[], cache: "shared" | "fresh" = "shared") =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    env: {
      ...isolatedEnv(temp),
      ...(cache === "fresh" ? { XDG_CACHE_HOME: temp.join(`cache-${fresh++}`) } : {}),
    },
    replaceTemp: temp.path,
  });

/** What `load` says through the name index (once one is written) and what a full load says. */
async function loadBoth(name: string) {
  const indexed = await cli(["load", name, "--json"]);
  const full = await cli(["load", name, "--json"], "fresh");
  return { indexed, full };
}

/** Steps the clock until stamps prove something (`isRacy`), then loads once so the index is written from them. */
async function writeIndex(name: string): Promise<void> {
  // Only Date is faked, 3.1 s ahead of the clock that stamps the files (no sleep); files written later
  // are as young as they really are, so they stay racy until the next step.
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_100 });
  await cli(["load", name]);
  const cache = temp.join("home/.cache/skillset");
  expect(readdirSync(cache).some((file) => file.endsWith(".names.json"))).toBe(true);
  expect(existsSync(cache)).toBe(true);
}

describe("skillset load between changes (the name index, SPEC §5 Caching)", () => {
  it("sees an edit, an edit that keeps size and mtime, a rename, a delete and a new skill, as a full load does", async () => {
    const pdf = temp.join("project/.agents/skills/pdf/SKILL.md");
    await writeIndex("pdf");
    const same = await loadBoth("pdf");
    expect(same.indexed).toEqual(same.full);
    expect(same.indexed.code).toBe(0);

    await writeFile(pdf, renderSkillFile({ name: "pdf", description: "Fill PDF forms, edited." }));
    const edited = await loadBoth("pdf");
    expect(edited.indexed).toEqual(edited.full);
    expect(edited.indexed.stdout).toContain("edited");

    await writeIndex("pdf");
    const before = await stat(pdf);
    await writeFile(pdf, renderSkillFile({ name: "pdf", description: "Fill PDF forms, EDITED." }));
    await utimes(pdf, before.atime, before.mtime);
    const kept = await loadBoth("pdf");
    expect(kept.indexed).toEqual(kept.full);
    expect(kept.indexed.stdout).toContain("EDITED");

    // docx renamed to pdf: two skills named pdf in one root.
    await writeIndex("pdf");
    await writeFile(
      temp.join("project/.agents/skills/docx/SKILL.md"),
      renderSkillFile({ name: "pdf", description: "Now a PDF skill." }),
    );
    const renamed = await loadBoth("pdf");
    expect(renamed.indexed).toEqual(renamed.full);
    expect(renamed.indexed.code).toBe(1);

    await writeIndex("pdf");
    await rm(temp.join("project/.agents/skills/docx"), { recursive: true });
    const deleted = await loadBoth("pdf");
    expect(deleted.indexed).toEqual(deleted.full);
    expect(deleted.indexed.code).toBe(0);

    // A new skill in a folder that held none, which takes the name from the one that had it.
    await writeIndex("pdf");
    await rm(temp.join("project/.agents/skills/pdf"), { recursive: true });
    await temp.writeSkill("project/.agents/skills/later/pdf-new", { name: "pdf", description: "New one." });
    const added = await loadBoth("pdf");
    expect(added.indexed).toEqual(added.full);
    expect(added.indexed.stdout).toContain("New one.");
  }, 60_000);

  it("sees a same-named skill in another root and `skillset disable`, as a full load does", async () => {
    await writeIndex("pdf");
    await temp.writeSkill("project/.claude/skills/pdf", { name: "pdf", description: "Claude's own." });
    const other = await loadBoth("pdf");
    expect(other.indexed).toEqual(other.full);
    expect(other.indexed.code).toBe(1);
    expect(other.indexed.stderr).toContain("names 2 skills");

    await rm(temp.join("project/.claude/skills/pdf"), { recursive: true });
    await writeIndex("pdf");
    expect((await cli(["disable", "pdf"])).code).toBe(0);
    const disabled = await loadBoth("pdf");
    expect(disabled.indexed).toEqual(disabled.full);
    expect(disabled.indexed.code).toBe(1);
    expect(disabled.indexed.stderr).toContain("disabled");
  }, 60_000);
});
