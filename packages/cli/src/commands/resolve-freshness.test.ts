import { existsSync, readdirSync } from "node:fs";
import { rm, stat, utimes, writeFile } from "node:fs/promises";
import { renderSkillFile } from "@skillset/core/test";
import { describe, expect, it } from "vitest";
import { stepPastRacyWindow } from "../../../core/src/test/racy-window.js";
import { nameIndexProject } from "../testing/name-index-project.js";
import { mentionedNames } from "./resolve.run.js";

const project = nameIndexProject("skillset-resolve-fresh-");
const { cli } = project;

const messages = [
  "$pdf fill the form",
  "/pdf fill the form",
  "$pdf and $docx, please",
  "see skill://pdf/SKILL.md then $docx",
];

/** What `resolve --json` says for each message through the name index and after a full load. */
async function resolveBoth() {
  const indexed = [];
  const full = [];
  for (const message of messages) {
    indexed.push(await cli(["resolve", "--json", message]));
    full.push(await cli(["resolve", "--json", message], "fresh"));
  }
  return { indexed, full };
}

/** Steps the clock until stamps prove something (`isRacy`), then resolves once so the index is written from them. */
async function writeIndex(): Promise<void> {
  stepPastRacyWindow();
  await cli(["resolve", "$pdf and $docx"]);
  const cache = project.temp().join("home/.cache/skillset");
  expect(existsSync(cache) && readdirSync(cache).some((file) => file.endsWith(".names.json"))).toBe(true);
}

describe("skillset resolve with explicit names (the name index, SPEC §5 Caching)", () => {
  it("takes the names of $name, /name and skill://name mentions, and none from a linked mention", () => {
    expect(mentionedNames("$pdf and $docx, then /x")).toEqual(["pdf", "docx"]);
    expect(mentionedNames("/pdf go")).toEqual(["pdf"]);
    expect(mentionedNames("read skill://pdf%40repo/SKILL.md and $github:pdf")).toEqual([
      "pdf@repo",
      "github:pdf",
    ]);
    expect(mentionedNames("[$pdf](./skills/pdf) go")).toBeUndefined();
    expect(mentionedNames("no mentions here")).toBeUndefined();
  });

  it("sees an edit, an edit that keeps size and mtime, a rename, a delete and a new skill, as a full load does", async () => {
    const pdf = project.temp().join("project/.agents/skills/pdf/SKILL.md");
    await writeIndex();
    const same = await resolveBoth();
    expect(same.indexed).toEqual(same.full);
    expect(same.indexed[0]?.stdout).toContain("Fill PDF forms.");

    await writeFile(pdf, renderSkillFile({ name: "pdf", description: "Fill PDF forms, edited." }));
    const edited = await resolveBoth();
    expect(edited.indexed).toEqual(edited.full);
    expect(edited.indexed[0]?.stdout).toContain("edited.");

    await writeIndex();
    const before = await stat(pdf);
    await writeFile(pdf, renderSkillFile({ name: "pdf", description: "Fill PDF forms, EDITED." }));
    await utimes(pdf, before.atime, before.mtime);
    const kept = await resolveBoth();
    expect(kept.indexed).toEqual(kept.full);
    expect(kept.indexed[0]?.stdout).toContain("EDITED.");

    // docx renamed to pdf: two skills named pdf in one root, and no docx.
    await writeIndex();
    await writeFile(
      project.temp().join("project/.agents/skills/docx/SKILL.md"),
      renderSkillFile({ name: "pdf", description: "Now a PDF skill." }),
    );
    const renamed = await resolveBoth();
    expect(renamed.indexed).toEqual(renamed.full);
    expect(renamed.indexed[0]?.code).toBe(1);

    await writeIndex();
    await rm(project.temp().join("project/.agents/skills/docx"), { recursive: true });
    const deleted = await resolveBoth();
    expect(deleted.indexed).toEqual(deleted.full);

    // A new skill in a folder that held none, which takes the name from the one that had it.
    await writeIndex();
    await rm(project.temp().join("project/.agents/skills/pdf"), { recursive: true });
    await project.temp().writeSkill("project/.agents/skills/later/pdf-new", {
      name: "pdf",
      description: "New one.",
    });
    const added = await resolveBoth();
    expect(added.indexed).toEqual(added.full);
    expect(added.indexed[0]?.stdout).toContain("New one.");
  }, 90_000);
});
