import { existsSync, readdirSync } from "node:fs";
import { rm, stat, utimes, writeFile } from "node:fs/promises";
import { renderSkillFile } from "@skillset/core/test";
import { describe, expect, it } from "vitest";
import { stepPastRacyWindow } from "../../../core/src/test/racy-window.js";
import { nameIndexProject } from "../testing/name-index-project.js";

const project = nameIndexProject("skillset-load-fresh-");
const { cli } = project;

/** What `load` says through the name index (once one is written) and what a full load says. */
async function loadBoth(name: string) {
  const indexed = await cli(["load", name, "--json"]);
  const full = await cli(["load", name, "--json"], "fresh");
  return { indexed, full };
}

/** Steps the clock until stamps prove something (`isRacy`), then loads once so the index is written from them. */
async function writeIndex(name: string): Promise<void> {
  stepPastRacyWindow();
  await cli(["load", name]);
  const cache = project.temp().join("home/.cache/skillset");
  expect(readdirSync(cache).some((file) => file.endsWith(".names.json"))).toBe(true);
  expect(existsSync(cache)).toBe(true);
}

describe("skillset load between changes (the name index, SPEC §5 Caching)", () => {
  it("sees an edit, an edit that keeps size and mtime, a rename, a delete and a new skill, as a full load does", async () => {
    const pdf = project.temp().join("project/.agents/skills/pdf/SKILL.md");
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
      project.temp().join("project/.agents/skills/docx/SKILL.md"),
      renderSkillFile({ name: "pdf", description: "Now a PDF skill." }),
    );
    const renamed = await loadBoth("pdf");
    expect(renamed.indexed).toEqual(renamed.full);
    expect(renamed.indexed.code).toBe(1);

    await writeIndex("pdf");
    await rm(project.temp().join("project/.agents/skills/docx"), { recursive: true });
    const deleted = await loadBoth("pdf");
    expect(deleted.indexed).toEqual(deleted.full);
    expect(deleted.indexed.code).toBe(0);

    // A new skill in a folder that held none, which takes the name from the one that had it.
    await writeIndex("pdf");
    await rm(project.temp().join("project/.agents/skills/pdf"), { recursive: true });
    await project
      .temp()
      .writeSkill("project/.agents/skills/later/pdf-new", { name: "pdf", description: "New one." });
    const added = await loadBoth("pdf");
    expect(added.indexed).toEqual(added.full);
    expect(added.indexed.stdout).toContain("New one.");
  }, 60_000);

  it("sees a same-named skill in another root and `skillset disable`, as a full load does", async () => {
    await writeIndex("pdf");
    await project
      .temp()
      .writeSkill("project/.claude/skills/pdf", { name: "pdf", description: "Claude's own." });
    const other = await loadBoth("pdf");
    expect(other.indexed).toEqual(other.full);
    expect(other.indexed.code).toBe(1);
    expect(other.indexed.stderr).toContain("names 2 skills");

    await rm(project.temp().join("project/.claude/skills/pdf"), { recursive: true });
    await writeIndex("pdf");
    expect((await cli(["disable", "pdf"])).code).toBe(0);
    const disabled = await loadBoth("pdf");
    expect(disabled.indexed).toEqual(disabled.full);
    expect(disabled.indexed.code).toBe(1);
    expect(disabled.indexed.stderr).toContain("disabled");
  }, 60_000);
});
