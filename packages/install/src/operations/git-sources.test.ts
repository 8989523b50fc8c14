import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readLock } from "../lock/read-lock.js";
import { skillText } from "../testing/make-archive.js";
import { type GitFixture, makeGitRepo } from "../testing/make-git-repo.js";
import { testIo } from "../testing/test-io.js";
import { addSkills } from "./add-skills.js";
import { checkSkills } from "./check-skills.js";
import { refreshFromLock } from "./refresh-from-lock.js";
import { removeSkills } from "./remove-skills.js";

let temp: TempDir;
let repo: GitFixture;
beforeEach(async () => {
  temp = await createTempDir("skillset-git-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
  repo = await makeGitRepo(temp.join("hub/acme"), "skills");
});
afterEach(() => temp.cleanup());

const env = () => ({
  ...isolatedEnv(temp),
  TMPDIR: temp.join("tmp"),
  SKILLSET_GITHUB_URL: `file://${temp.path}/hub`,
});
const options = () => ({ cwd: temp.join("project"), env: env() });
const installed = (name: string, file = "SKILL.md") =>
  readFileSync(temp.join("project/.agents/skills", name, file), "utf8");
const lock = () => readLock(temp.join("project/skills-lock.json"));

describe("git sources", () => {
  it("installs from branches, tags and commits, and records what was resolved", async () => {
    const first = await repo.commit({ "skills/alpha/SKILL.md": skillText("alpha", 'metadata:\n  v: "1"\n') });
    repo.git("tag", "v1");
    repo.git("push", "-q", "origin", "v1");
    repo.git("checkout", "-q", "-b", "next");
    await repo.commit({ "skills/alpha/SKILL.md": skillText("alpha", 'metadata:\n  v: "2"\n') });
    repo.git("push", "-q", "origin", "next");

    await addSkills({ ...options(), source: `${repo.url}#v1`, io: testIo() });
    expect(installed("alpha")).toContain('v: "1"');
    let entry = (await lock()).skills.alpha!;
    expect(entry).toMatchObject({
      source: repo.url,
      sourceType: "git",
      ref: "v1",
      resolved: first,
      skillPath: "skills/alpha",
      sourceUrl: repo.url,
    });
    // In the file, vercel's form: the skill's SKILL.md, and the URL its CLI clones (SPEC §14).
    const text = readFileSync(temp.join("project/skills-lock.json"), "utf8");
    expect(text).toContain('"skillPath": "skills/alpha/SKILL.md"');
    expect(text).toContain(`"sourceUrl": ${JSON.stringify(repo.url)}`);

    await addSkills({ ...options(), source: `${repo.url}@next`, io: testIo() });
    expect(installed("alpha")).toContain('v: "2"');

    await addSkills({ ...options(), source: `acme/skills/skills/alpha@${first}`, force: true, io: testIo() });
    expect(installed("alpha")).toContain('v: "1"');
    entry = (await lock()).skills.alpha!;
    // As vercel's CLI records it: the repository in `source`, the folder in `skillPath` (SPEC §14).
    expect(entry).toMatchObject({
      source: "acme/skills",
      sourceType: "github",
      ref: first,
      resolved: first,
      skillPath: "skills/alpha",
    });
    expect(entry.sourceUrl).toBeUndefined();
    expect((await checkSkills(options())).rows).toMatchObject([
      { name: "alpha", local: "intact", upstream: "current" },
    ]);
    // Adding it again from the same folder is the same source, not a collision.
    await addSkills({ ...options(), source: `acme/skills/skills/alpha@${first}`, io: testIo() });
  });

  it("follows a moved tag on check and update, and install restores the recorded commit", async () => {
    const first = await repo.commit({ "skills/alpha/SKILL.md": skillText("alpha") });
    repo.git("tag", "stable");
    repo.git("push", "-q", "origin", "stable");
    await addSkills({ ...options(), source: "acme/skills@stable", io: testIo() });
    expect((await checkSkills(options())).rows).toEqual([
      { name: "alpha", source: "acme/skills", local: "intact", upstream: "current" },
    ]);

    const second = await repo.commit({ "skills/alpha/SKILL.md": skillText("alpha", "license: MIT\n") });
    repo.git("tag", "-f", "stable");
    repo.git("push", "-q", "--force", "origin", "stable");
    expect((await checkSkills(options())).rows[0]).toMatchObject({ upstream: "changed", local: "intact" });

    // Not approved: nothing changes.
    const refused = await refreshFromLock("update", { ...options(), io: testIo({ approve: false }) });
    expect(refused.rows).toEqual([
      { name: "alpha", outcome: "skipped", detail: expect.stringContaining("not approved") },
    ]);
    expect(installed("alpha")).not.toContain("license");

    const io = testIo();
    const updated = await refreshFromLock("update", { ...options(), io });
    expect(updated.rows).toEqual([{ name: "alpha", outcome: "updated" }]);
    expect(io.questions).toHaveLength(1);
    expect(installed("alpha")).toContain("license: MIT");
    expect((await lock()).skills.alpha!.resolved).toBe(second);

    // install restores the pinned commit after the copy is lost, verifying the digest.
    const { rm } = await import("node:fs/promises");
    await rm(temp.join("project/.agents"), { recursive: true });
    const restored = await refreshFromLock("install", { ...options(), io: testIo() });
    expect(restored.rows).toEqual([{ name: "alpha", outcome: "installed" }]);
    expect(installed("alpha")).toContain("license: MIT");
    expect(first).not.toBe(second);
  });

  it("install refuses a copy whose digest differs from the lock", async () => {
    await repo.commit({ "skills/alpha/SKILL.md": skillText("alpha") });
    await addSkills({ ...options(), source: "acme/skills", io: testIo() });
    const path = temp.join("project/skills-lock.json");
    const text = readFileSync(path, "utf8").replace(
      /"integrity": "sha256:[0-9a-f]+"/,
      `"integrity": "sha256:${"0".repeat(64)}"`,
    );
    const { writeFile, rm } = await import("node:fs/promises");
    await writeFile(path, text);
    await rm(temp.join("project/.agents/skills/alpha"), { recursive: true });
    const result = await refreshFromLock("install", { ...options(), io: testIo() });
    expect(result.failed).toBe(true);
    expect(result.rows[0]!.detail).toMatch(/digest mismatch/);
    expect(existsSync(temp.join("project/.agents/skills/alpha"))).toBe(false);
  });

  it("lists 40 skills and a nested plugin layout; --skill picks, --all takes every one", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 40; index++) {
      const name = `skill-${String(index).padStart(2, "0")}`;
      files[`skills/${name}/SKILL.md`] = skillText(name);
    }
    files["plugins/tools/skills/plugged/SKILL.md"] = skillText("plugged");
    files["plugins/tools/skills/plugged/references/more.md"] = "more\n";
    files["plugins/docs/skills/documented/SKILL.md"] = skillText("documented");
    files["README.md"] = "not a skill\n";
    await repo.commit(files);

    await expect(addSkills({ ...options(), source: "acme/skills", io: testIo() })).rejects.toMatchObject({
      code: "install-choose-skills",
      message: expect.stringContaining("42 skills"),
    });
    const picked = await addSkills({
      ...options(),
      source: "acme/skills",
      skills: ["plugged", "skill-07"],
      io: testIo(),
    });
    expect(picked.installed.map((candidate) => candidate.name).sort()).toEqual(["plugged", "skill-07"]);
    expect(installed("plugged", "references/more.md")).toBe("more\n");
    expect((await lock()).skills.plugged!.skillPath).toBe("plugins/tools/skills/plugged");

    const chosen = await addSkills({
      ...options(),
      source: "acme/skills",
      io: testIo({ choose: ["documented"] }),
    });
    expect(chosen.installed.map((candidate) => candidate.name)).toEqual(["documented"]);

    const all = await addSkills({ ...options(), source: "acme/skills", all: true, io: testIo() });
    expect(all.installed).toHaveLength(42);
    expect(Object.keys((await lock()).skills)).toHaveLength(42);

    await removeSkills({ ...options(), names: ["skill-00", "plugged"] });
    expect(Object.keys((await lock()).skills)).toHaveLength(40);
    expect(existsSync(temp.join("project/.agents/skills/plugged"))).toBe(false);
  });
});

describe("where a git source is fetched", () => {
  it("beside the skills, not in TMPDIR; nothing of it is left, installed or refused", async () => {
    await repo.commit({
      "skills/alpha/SKILL.md": skillText("alpha"),
      "skills/beta/SKILL.md": skillText("beta"),
      "skills/beta/guide.md": "guide\n",
      "skills/beta/link.md": { symlink: "guide.md" },
    });
    const noTemp = { ...env(), TMPDIR: temp.join("no-such-folder") };
    await addSkills({ cwd: temp.join("project"), env: noTemp, source: repo.url, all: true, io: testIo() });
    expect(installed("alpha")).toContain("name: alpha");
    expect(installed("beta", "link.md")).toBe("guide\n"); // copied as the file it links to
    expect(readdirSync(temp.join("project/.agents"))).toEqual(["skills"]);

    await rm(temp.join("project/.agents"), { recursive: true });
    await rm(temp.join("project/skills-lock.json"));
    await repo.commit({ "skills/beta/out.md": { symlink: "../../../outside.md" } });
    await expect(
      addSkills({ cwd: temp.join("project"), env: noTemp, source: repo.url, all: true, io: testIo() }),
    ).rejects.toMatchObject({ code: "install-unsafe-entry" });
    expect(existsSync(temp.join("project/.agents"))).toBe(false);
    expect(existsSync(temp.join("no-such-folder"))).toBe(false);
  });
});

describe("bad git input", () => {
  it("a ref that does not exist", async () => {
    await repo.commit({ "skills/alpha/SKILL.md": skillText("alpha") });
    await expect(
      addSkills({ ...options(), source: "acme/skills@no-such-tag", io: testIo() }),
    ).rejects.toMatchObject({
      code: "install-ref-not-found",
      message: expect.stringContaining('"no-such-tag" does not exist'),
    });
  });

  it("a repository without skills", async () => {
    await repo.commit({ "README.md": "nothing here\n" });
    await expect(addSkills({ ...options(), source: repo.url, io: testIo() })).rejects.toMatchObject({
      code: "install-no-skills",
    });
  });

  it("a repository that does not exist", async () => {
    await expect(addSkills({ ...options(), source: "acme/missing", io: testIo() })).rejects.toMatchObject({
      code: "install-unreachable",
    });
  });
});

describe("update beside another command", () => {
  it("does not undo a remove or an add --force made while it fetched: those entries are skipped and said", async () => {
    await repo.commit({
      "skills/alpha/SKILL.md": skillText("alpha"),
      "skills/beta/SKILL.md": skillText("beta"),
    });
    await addSkills({ ...options(), source: repo.url, all: true, io: testIo() });
    await repo.commit({ "skills/alpha/notes.md": "v2\n", "skills/beta/notes.md": "v2\n" });
    await temp.write({ "other/beta/SKILL.md": skillText("beta", 'metadata:\n  mine: "yes"\n') });
    const io = testIo();
    let interleaved = false;
    // Between update's fetch and its commit (it asks before committing), other commands change the lock.
    io.approve = async () => {
      if (!interleaved) {
        interleaved = true;
        await removeSkills({ ...options(), names: ["alpha"] });
        await addSkills({ ...options(), source: temp.join("other"), force: true, io: testIo() });
      }
      return true;
    };
    const updated = await refreshFromLock("update", { ...options(), io });
    expect(updated.failed).toBe(true);
    for (const name of ["alpha", "beta"])
      expect(updated.rows.find((row) => row.name === name)).toMatchObject({
        outcome: "skipped",
        detail: expect.stringContaining("another command changed or removed it"),
      });
    const after = await lock();
    expect(Object.keys(after.skills)).toEqual(["beta"]);
    expect(after.skills.beta!.sourceType).toBe("local");
    expect(existsSync(temp.join("project/.agents/skills/alpha"))).toBe(false);
    expect(installed("beta")).toContain('mine: "yes"');
  });
});
