// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${SKILL_DIR}`-style placeholders are what these tests are about
import { utimesSync } from "node:fs";
import { stat, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempProject, openTempRegistry, renderSkillFile, type TempDir } from "../test/index.js";
import { listSkillFiles } from "./list-skill-files.js";
import { loadSkill } from "./load-skill.js";
import { createReloadTracker } from "./reload-tracker.js";
import { renderPreloadedEnvelope } from "./render-envelope.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-loader-");
});
afterEach(() => temp.cleanup());

const open = () => openTempRegistry(temp);

async function skillNamed(name: string) {
  const found = (await open()).lookup(name);
  if (found.kind !== "found") throw new Error(`no ${name}`);
  return found.entry.skill;
}

/** Replaces the temp folder with <tmp> so snapshots are stable. */
function stable(text: string): string {
  return text.replaceAll(temp.path, "<tmp>");
}

const body = "# Review\n\nReview $0 against ${SKILL_DIR}/checklist.md.\n";

describe("loadSkill envelopes", () => {
  beforeEach(async () => {
    await temp.writeSkill(
      "project/.agents/skills/review",
      { name: "review", description: "Use when reviewing a PR." },
      body,
    );
    await temp.write({
      "project/.agents/skills/review/checklist.md": "- tests\n",
      "project/.agents/skills/review/scripts/run.sh": "echo hi\n",
    });
  });

  it("renders the message envelope", async () => {
    const loaded = await loadSkill(await skillNamed("review"), { envelope: "message", args: "PR-42" });
    expect(stable(loaded.text)).toMatchInlineSnapshot(`
      "<skill>
      <name>review</name>
      <path><tmp>/project/.agents/skills/review/SKILL.md</path>
      # Review

      Review PR-42 against <tmp>/project/.agents/skills/review/checklist.md.
      </skill>"
    `);
  });

  it("renders the tool envelope with the base directory and the bundled files", async () => {
    const loaded = await loadSkill(await skillNamed("review"), { args: "PR-42" });
    expect(loaded.envelope).toBe("tool");
    expect(stable(loaded.text)).toMatchInlineSnapshot(`
      "<skill_content name="review">
      # Review

      Review PR-42 against <tmp>/project/.agents/skills/review/checklist.md.

      Base directory for this skill: file://<tmp>/project/.agents/skills/review/
      Relative paths in this skill (scripts/, references/, assets/, …) resolve from this directory. Read bundled files with \`skill_read\` and \`skill://review/<relative path>\`.
      <skill_files>
      <file><tmp>/project/.agents/skills/review/checklist.md</file>
      <file><tmp>/project/.agents/skills/review/scripts/run.sh</file>
      </skill_files>
      </skill_content>"
    `);
  });

  it("renders the preloaded envelope, for one skill or several", async () => {
    const loaded = await loadSkill(await skillNamed("review"), { envelope: "preloaded", args: "PR-42" });
    expect(stable(loaded.text)).toMatchInlineSnapshot(`
      "<preloaded_skills>
      These skills are loaded in full for this task. Follow their instructions when they apply; relative paths in a skill resolve from its folder.
      <skill name="review" path="<tmp>/project/.agents/skills/review/SKILL.md">
      # Review

      Review PR-42 against <tmp>/project/.agents/skills/review/checklist.md.
      </skill>
      </preloaded_skills>"
    `);
    const two = renderPreloadedEnvelope([loaded, { skill: loaded.skill, body: "Second." }]);
    expect(two.match(/<skill name=/g)).toHaveLength(2);
  });

  it("removes control characters from the body and escapes the name and path", async () => {
    await temp.writeSkill(
      "project/.agents/skills/odd",
      { name: "odd", description: "Use when odd." },
      "Bell\u0007 and \u001b[31mred\n",
    );
    const loaded = await loadSkill(await skillNamed("odd"), { envelope: "message" });
    expect(loaded.text).toContain("Bell and [31mred");
    expect(loaded.text).not.toMatch(/[\u0007\u001b]/);
  });

  it("never runs the body: a preprocess hook is the only way to change it", async () => {
    await temp.writeSkill(
      "project/.agents/skills/shell",
      { name: "shell", description: "Use when." },
      "Status: !`touch ran`\n",
    );
    const skill = await skillNamed("shell");
    const plain = await loadSkill(skill, { envelope: "message" });
    expect(plain.body).toContain("!`touch ran`");
    const hooked = await loadSkill(skill, {
      envelope: "message",
      args: "x",
      preprocess: async (text) => text.replace("!`touch ran`", "clean"),
    });
    expect(hooked.body).toBe("Status: clean\n\nARGUMENTS: x\n");
  });
});

describe("loadSkill reload suppression", () => {
  it("returns a reminder for the same path and mtime, and the body again after a change", async () => {
    const path = await temp.writeSkill(
      "project/.agents/skills/pdf",
      { name: "pdf", description: "Use for PDFs." },
      "Body.\n",
    );
    const skill = await skillNamed("pdf");
    const tracker = createReloadTracker();
    const first = await loadSkill(skill, { tracker });
    expect(first.suppressed).toBe(false);
    const second = await loadSkill(skill, { tracker });
    expect(second.suppressed).toBe(true);
    expect(stable(second.text)).toMatchInlineSnapshot(
      `"Skill 'pdf' is already loaded in this conversation and has not changed since (<tmp>/project/.agents/skills/pdf/SKILL.md). Follow the instructions it gave earlier; read its files with \`skill_read\` and \`skill://pdf/<relative path>\`."`,
    );
    // Other arguments are another load.
    expect((await loadSkill(skill, { tracker, args: "other" })).suppressed).toBe(false);
    // A new version of the file is delivered again.
    const later = new Date(Date.now() + 5000);
    await utimes(path, later, later);
    const third = await loadSkill(skill, { tracker });
    expect(third.suppressed).toBe(false);
    expect(third.body).toBe("Body.\n");
    // Forgetting (after a host compacted its history) delivers the body again.
    tracker.forget(skill.id);
    expect((await loadSkill(skill, { tracker })).suppressed).toBe(false);
    // A restored tracker remembers.
    const restored = createReloadTracker(tracker.list());
    expect((await loadSkill(skill, { tracker: restored })).suppressed).toBe(true);
  });

  it("delivers the body once to loads made at once (parallel tool calls), and again after a failed one", async () => {
    await temp.writeSkill(
      "project/.agents/skills/pdf",
      { name: "pdf", description: "Use for PDFs." },
      "Body.\n",
    );
    const skill = await skillNamed("pdf");
    const tracker = createReloadTracker();
    const loads = await Promise.all(Array.from({ length: 5 }, () => loadSkill(skill, { tracker })));
    // Whichever reaches the check first delivers (their stats finish in any order); the others remind.
    const delivered = loads.filter((loaded) => !loaded.suppressed);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.body).toBe("Body.\n");

    // The first of two loads fails (its read throws): nothing is recorded, the second delivers the body.
    const failing = createReloadTracker();
    let failNext = true;
    const failOnce = () => {
      if (!failNext) return;
      failNext = false;
      throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
    };
    const { readFile, readFileSync } = nodeFileSystem;
    const fs = {
      ...nodeFileSystem,
      readFile: async (path: string) => {
        failOnce();
        return readFile(path);
      },
      readFileSync: (path: string) => {
        failOnce();
        return readFileSync!(path);
      },
    };
    const settled = await Promise.allSettled([
      loadSkill(skill, { tracker: failing, fs }),
      loadSkill(skill, { tracker: failing, fs }),
    ]);
    expect(settled.filter((each) => each.status === "rejected")).toHaveLength(1);
    expect(settled.find((each) => each.status === "fulfilled")).toMatchObject({
      value: { suppressed: false, body: "Body.\n" },
    });
  });

  it("delivers the new body after an edit that kept the size and the mtime (touch -d, cp -p)", async () => {
    const fields = { name: "pdf", description: "Use for PDFs." };
    const path = await temp.writeSkill("project/.agents/skills/pdf", fields, "Use red ink.\n");
    // A whole millisecond, which utimes sets again exactly.
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(path, minuteAgo, minuteAgo);
    const { mtimeMs, size } = await stat(path);
    const skill = await skillNamed("pdf");
    const tracker = createReloadTracker();
    expect((await loadSkill(skill, { tracker })).body).toBe("Use red ink.\n");
    expect((await loadSkill(skill, { tracker })).suppressed).toBe(true);

    await writeFile(path, renderSkillFile(fields, "Use tan ink.\n"));
    utimesSync(path, minuteAgo, minuteAgo);
    expect(await stat(path)).toMatchObject({ mtimeMs, size });
    const edited = await loadSkill(skill, { tracker });
    expect(edited.suppressed).toBe(false);
    expect(edited.body).toBe("Use tan ink.\n");
    // That version is now the one delivered, and a restored tracker knows it too.
    expect((await loadSkill(skill, { tracker })).suppressed).toBe(true);
    expect((await loadSkill(skill, { tracker: createReloadTracker(tracker.list()) })).suppressed).toBe(true);
  });

  it("never suppresses without a tracker", async () => {
    await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
    const skill = await skillNamed("pdf");
    expect((await loadSkill(skill)).suppressed).toBe(false);
    expect((await loadSkill(skill)).suppressed).toBe(false);
  });
});

describe("listSkillFiles bounds", () => {
  it("lists at most 10 files, breadth-first and sorted, and says more exist", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 14; index++)
      files[`s/references/r${String(index).padStart(2, "0")}.md`] = "x";
    files["s/a.md"] = "x";
    files["s/.hidden"] = "x";
    files["s/node_modules/x/index.js"] = "x";
    files["s/SKILL.md"] = "x";
    await temp.write(files);
    const listed = await listSkillFiles(
      temp.join("s"),
      temp.join("s"),
      (await import("../fs/node-file-system.js")).nodeFileSystem,
    );
    expect(listed.files.map((file) => file.slice(temp.join("s").length + 1))).toEqual([
      "a.md",
      ...Array.from({ length: 9 }, (_, index) => `references/r0${index}.md`),
    ]);
    expect(listed.truncated).toBe(true);
  });

  it("stays within the byte bound", async () => {
    await temp.write({ [`s/${"a".repeat(150)}.md`]: "x", "s/b.md": "x" });
    const { nodeFileSystem } = await import("../fs/node-file-system.js");
    const listed = await listSkillFiles(temp.join("s"), temp.join("s"), nodeFileSystem, { maxBytes: 100 });
    expect(listed.files).toEqual([temp.join("s", "b.md")]);
    expect(listed.truncated).toBe(true);
  });

  it("says nothing is missing when everything is listed", async () => {
    await temp.write({ "s/one.md": "x" });
    const { nodeFileSystem } = await import("../fs/node-file-system.js");
    expect(await listSkillFiles(temp.join("s"), temp.join("s"), nodeFileSystem)).toEqual({
      files: [temp.join("s", "one.md")],
      truncated: false,
    });
  });
});
