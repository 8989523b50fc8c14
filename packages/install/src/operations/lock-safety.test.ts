import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readLock } from "../lock/read-lock.js";
import { skillText } from "../testing/make-archive.js";
import { makeGitRepo } from "../testing/make-git-repo.js";
import { testIo } from "../testing/test-io.js";
import { addSkills } from "./add-skills.js";
import { checkSkills } from "./check-skills.js";
import { refreshFromLock } from "./refresh-from-lock.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-lock-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
  for (const name of ["one", "two", "three", "four", "five"])
    await temp.write({ [`src/${name}/SKILL.md`]: skillText(name) });
  await temp.write({ "other/one/SKILL.md": skillText("one", "license: MIT\n") });
});
afterEach(() => temp.cleanup());

const env = () => ({
  ...isolatedEnv(temp),
  TMPDIR: temp.join("tmp"),
  SKILLSET_GITHUB_URL: `file://${temp.path}/hub`,
});
const options = () => ({ cwd: temp.join("project"), env: env() });
const lockPath = () => temp.join("project/skills-lock.json");

/** Every path with its type and content hash: a whole-tree snapshot to compare before and after. */
function snapshot(dir: string): string {
  return execFileSync(
    "sh",
    [
      "-c",
      'find . -print0 | sort -z | xargs -0 -I{} sh -c \'if [ -f "{}" ]; then sha256sum "{}"; else stat -c "%F %n" "{}"; fi\'',
    ],
    {
      cwd: dir,
      encoding: "utf8",
    },
  );
}

describe("the lock and the disk", () => {
  it("writes vercel's lock shape, sorted, with skillset's fields beside it", async () => {
    await addSkills({ ...options(), source: "../src", all: true, io: testIo() });
    const text = readFileSync(lockPath(), "utf8");
    const parsed = JSON.parse(text);
    expect(parsed.version).toBe(1);
    expect(Object.keys(parsed.skills)).toEqual(["five", "four", "one", "three", "two"]);
    expect(parsed.skills.one).toEqual({
      source: "../src",
      sourceType: "local",
      resolved: "../src",
      skillPath: "one/SKILL.md",
      computedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      integrity: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("reads a lock written by vercel's CLI (no integrity): verifies with computedHash", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    const lock = JSON.parse(readFileSync(lockPath(), "utf8"));
    const { computedHash } = lock.skills.one;
    await writeFile(
      lockPath(),
      JSON.stringify({
        version: 1,
        skills: { one: { source: "../src", sourceType: "local", computedHash } },
      }),
    );
    expect((await checkSkills(options())).rows[0]).toMatchObject({ local: "intact", upstream: "current" });
  });

  it("check changes nothing on disk, even with drift to report", async () => {
    await addSkills({ ...options(), source: "../src", all: true, io: testIo() });
    await writeFile(temp.join("project/.agents/skills/one/SKILL.md"), skillText("one", "license: edited\n"));
    await writeFile(temp.join("src/two/extra.md"), "new upstream file\n");
    const { rm } = await import("node:fs/promises");
    await rm(temp.join("project/.agents/skills/three"), { recursive: true });
    await rm(temp.join("src/four"), { recursive: true });
    const before = snapshot(temp.path);
    const result = await checkSkills(options());
    expect(snapshot(temp.path)).toBe(before);
    expect(result.rows.map((row) => [row.name, row.local, row.upstream])).toEqual([
      ["five", "intact", "current"],
      ["four", "intact", "gone"],
      ["one", "edited", "current"],
      ["three", "missing", "current"],
      ["two", "intact", "changed"],
    ]);
  });

  it("a corrupt lock is reported (check leaves it), then moved aside by a change, nothing lost", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    const corrupt = '{ "version": 1, "skills": { "one": { "source": "../sr';
    await writeFile(lockPath(), corrupt);
    await expect(checkSkills(options())).rejects.toMatchObject({ code: "install-lock-corrupt" });
    expect(readFileSync(lockPath(), "utf8")).toBe(corrupt);
    await expect(
      addSkills({ ...options(), source: "../src", skills: ["two"], io: testIo() }),
    ).rejects.toMatchObject({
      code: "install-lock-corrupt",
      message: expect.stringContaining("moved it to"),
    });
    const aside = readdirSync(temp.join("project")).filter((name) =>
      name.startsWith("skills-lock.json.corrupt-"),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(temp.join("project", aside[0]!), "utf8")).toBe(corrupt);
    expect(readdirSync(temp.join("project/.agents/skills"))).toEqual(["one"]);
  });

  it("a name from another source is refused unless --force, which says what it replaces", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    await expect(
      addSkills({ ...options(), source: "../other", all: true, io: testIo() }),
    ).rejects.toMatchObject({
      code: "install-name-collision",
      message: expect.stringContaining("would replace one installed from ../src (local)"),
    });
    expect(readFileSync(temp.join("project/.agents/skills/one/SKILL.md"), "utf8")).not.toContain("MIT");
    const forced = await addSkills({
      ...options(),
      source: "../other",
      all: true,
      force: true,
      io: testIo(),
    });
    expect(forced.notes).toEqual(["Replaced one installed from ../src (local)."]);
    expect((await readLock(lockPath())).skills.one!.source).toBe("../other");
  });

  it("refuses to overwrite a hand-made folder of the same name without --force", async () => {
    await temp.write({ "project/.agents/skills/one/SKILL.md": "mine\n" });
    await expect(
      addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() }),
    ).rejects.toMatchObject({
      code: "install-name-collision",
    });
    expect(readFileSync(temp.join("project/.agents/skills/one/SKILL.md"), "utf8")).toBe("mine\n");
  });

  it("update leaves local edits alone unless --force", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    await writeFile(temp.join("project/.agents/skills/one/notes.md"), "mine\n");
    await writeFile(temp.join("src/one/SKILL.md"), skillText("one", "license: MIT\n"));
    const result = await refreshFromLock("update", { ...options(), io: testIo() });
    expect(result.rows[0]).toMatchObject({ outcome: "skipped", detail: expect.stringContaining("edited") });
    expect(readFileSync(temp.join("project/.agents/skills/one/notes.md"), "utf8")).toBe("mine\n");
    const forced = await refreshFromLock("update", { ...options(), force: true, io: testIo() });
    expect(forced.rows[0]).toMatchObject({ outcome: "updated" });
  });

  it("concurrent adds in one project are serialized: every skill lands in the lock", async () => {
    await Promise.all(
      ["one", "two", "three", "four", "five"].map((name) =>
        addSkills({ ...options(), source: "../src", skills: [name], io: testIo() }),
      ),
    );
    expect(Object.keys((await readLock(lockPath())).skills).sort()).toEqual([
      "five",
      "four",
      "one",
      "three",
      "two",
    ]);
    expect(readdirSync(temp.join("project/.agents")).sort()).toEqual(["skills"]);
  });

  it("agents' folders get links to the installed copy, or copies with --copy; remove takes them away", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], agents: ["claude"], io: testIo() });
    const { lstatSync, realpathSync, existsSync } = await import("node:fs");
    expect(lstatSync(temp.join("project/.claude/skills/one")).isSymbolicLink()).toBe(true);
    expect(realpathSync(temp.join("project/.claude/skills/one"))).toBe(
      temp.join("project/.agents/skills/one"),
    );
    await addSkills({
      ...options(),
      source: "../src",
      skills: ["two"],
      agents: ["codex"],
      copy: true,
      io: testIo(),
    });
    expect(lstatSync(temp.join("project/.codex/skills/two")).isDirectory()).toBe(true);
    const { removeSkills } = await import("./remove-skills.js");
    await removeSkills({ ...options(), names: ["one", "two"] });
    expect(existsSync(temp.join("project/.claude/skills/one"))).toBe(false);
    expect(existsSync(temp.join("project/.codex/skills/two"))).toBe(false);
  });

  it("risky skills and changed digests need approval; without it nothing is written", async () => {
    await temp.write({
      "risky/tool/SKILL.md": skillText("tool", "allowed-tools: Bash(*)\n").replace(
        "Steps.",
        "Context: !`git status`",
      ),
      "risky/tool/scripts/run.sh": "#!/bin/sh\ncurl -s https://example.invalid/data\n",
    });
    const io = testIo({ approve: false });
    await expect(addSkills({ ...options(), source: "../risky", all: true, io })).rejects.toMatchObject({
      code: "install-not-approved",
    });
    expect(io.reviewed[0]!.examination.risks).toEqual({
      scripts: ["scripts/run.sh"],
      broadTools: ["Bash(*)"],
      shellLines: [expect.stringContaining("!`git status`")],
      hooks: [],
      urls: ["https://example.invalid/data"],
    });
    expect(readdirSync(temp.join("project"))).not.toContain("skills-lock.json");
    expect(readdirSync(temp.join("project"))).not.toContain(".agents");
  });
});

describe("bad input", () => {
  it("an unknown source", async () => {
    await expect(addSkills({ ...options(), source: "not a source", io: testIo() })).rejects.toMatchObject({
      code: "install-unknown-source",
    });
  });

  it("a folder with no skills", async () => {
    await temp.write({ "empty/README.md": "x" });
    await expect(addSkills({ ...options(), source: "../empty", io: testIo() })).rejects.toMatchObject({
      code: "install-no-skills",
    });
  });

  it("a skill name the source does not have lists what it has", async () => {
    await expect(
      addSkills({ ...options(), source: "../src", skills: ["six"], io: testIo() }),
    ).rejects.toMatchObject({
      code: "install-skill-not-found",
      message: expect.stringContaining("It has: five, four, one, three, two"),
    });
  });

  it("git URL forms parse to the same repository", async () => {
    const repo = await makeGitRepo(temp.join("hub/acme"), "set");
    await repo.commit({ "SKILL.md": skillText("set") });
    const result = await addSkills({ ...options(), source: `git+${repo.url}`, io: testIo() });
    expect(result.installed[0]!.entry).toMatchObject({ sourceType: "git", skillPath: "." });
  });
});

describe("a committed lock is untrusted", () => {
  const writeLock = (skills: Record<string, unknown>, version: unknown = 1) =>
    writeFile(lockPath(), JSON.stringify({ version, skills }));
  const entry = { source: "../src", sourceType: "local", computedHash: "0".repeat(64) };

  it("a key that climbs out names one folder inside the skills folder, as vercel's CLI reads it: nothing outside is touched", async () => {
    await temp.write({ "victim/keep.txt": "precious\n", "project/.agents/skills/victim/keep.txt": "mine\n" });
    await writeLock({ "../../../victim": entry });
    const { removeSkills } = await import("./remove-skills.js");
    const checked = await checkSkills(options());
    expect(checked.rows).toEqual([expect.objectContaining({ name: "../../../victim", local: "missing" })]);
    const installed = await refreshFromLock("install", { ...options(), io: testIo() });
    expect(installed.rows).toEqual([
      expect.objectContaining({ name: "../../../victim", outcome: "skipped" }),
    ]);
    await removeSkills({ ...options(), names: ["../../../victim"] });
    expect(readFileSync(temp.join("victim/keep.txt"), "utf8")).toBe("precious\n");
    // The folder the key names (`victim`, vercel's sanitized form) is the one removed.
    expect(existsSync(temp.join("project/.agents/skills/victim"))).toBe(false);
  });

  it.each([
    [{ x: { ...entry, source: 5 } }, 'skill "x": `source` must be a string'],
    [{ x: { source: "../src" } }, 'skill "x": `computedHash` must be a string'],
    [{ x: "nope" }, 'skill "x": the entry must be an object'],
    [{ x: { ...entry, agents: "claude" } }, 'skill "x": `agents` must be a list of agent names'],
    [[], "`skills` must be an object of skills by name"],
  ])("the problem names the skill and field: %j", async (skills, problem) => {
    await writeLock(skills as Record<string, unknown>);
    await expect(checkSkills(options())).rejects.toMatchObject({
      code: "install-lock-corrupt",
      message: expect.stringContaining(`is not a valid lock file: ${problem}. Fix it by hand`),
    });
  });

  it("names that Object.prototype has are not in an empty lock: remove leaves such a folder alone", async () => {
    await temp.write({ "project/.agents/skills/constructor/keep.txt": "mine\n" });
    await writeLock({ one: entry });
    const { removeSkills } = await import("./remove-skills.js");
    for (const name of ["constructor", "toString", "__proto__"]) {
      await expect(removeSkills({ ...options(), names: [name] })).rejects.toMatchObject({
        code: "install-not-installed",
      });
      await expect(
        refreshFromLock("update", { ...options(), names: [name], io: testIo() }),
      ).rejects.toMatchObject({
        code: "install-not-installed",
      });
    }
    expect(readFileSync(temp.join("project/.agents/skills/constructor/keep.txt"), "utf8")).toBe("mine\n");
  });

  it("bad JSON says so; another version is still read", async () => {
    await writeFile(lockPath(), '{ "version": 1, "skills": {');
    await expect(checkSkills(options())).rejects.toMatchObject({
      message: expect.stringMatching(/is not a valid lock file: bad JSON \(.+\)\. Fix it/),
    });
    await writeLock({}, 7);
    expect((await checkSkills(options())).rows).toEqual([]);
  });
});

describe("local state and sources", () => {
  it("add again refuses to overwrite an edited copy unless --force, as update does", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    const installed = temp.join("project/.agents/skills/one/SKILL.md");
    await writeFile(installed, skillText("one", "license: edited\n"));
    await expect(
      addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() }),
    ).rejects.toMatchObject({
      code: "install-local-edits",
      message: expect.stringMatching(/\.agents\/skills\/one was edited.*Pass --force to overwrite the edits/),
    });
    expect(readFileSync(installed, "utf8")).toContain("license: edited");
    await addSkills({ ...options(), source: "../src", skills: ["one"], force: true, io: testIo() });
    expect(readFileSync(installed, "utf8")).not.toContain("license: edited");
  });

  it("a local source folder that is gone: check says gone, update skips, both naming the folder", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    const { rm } = await import("node:fs/promises");
    await rm(temp.join("src"), { recursive: true });
    const checked = await checkSkills(options());
    expect(checked.rows[0]).toMatchObject({
      local: "intact",
      upstream: "gone",
      detail: expect.stringContaining(`No folder at ${temp.join("src")}`),
    });
    const updated = await refreshFromLock("update", { ...options(), io: testIo() });
    expect(updated.failed).toBe(true);
    expect(updated.rows[0]).toMatchObject({
      outcome: "skipped",
      detail: expect.stringContaining(`No folder at ${temp.join("src")}`),
    });
  });

  it("check of a name not in the lock is an error, as for update and install", async () => {
    await addSkills({ ...options(), source: "../src", skills: ["one"], io: testIo() });
    await expect(checkSkills({ ...options(), names: ["nope"] })).rejects.toMatchObject({
      code: "install-not-installed",
      message: expect.stringContaining("Not in "),
    });
  });

  it("a file with an executable bit is a script in the risk summary, whatever its name", async () => {
    const { chmod } = await import("node:fs/promises");
    // The start of an ELF binary: no script extension, no `#!`, not under scripts/.
    await temp.write({
      "binary/helper/SKILL.md": skillText("helper"),
      "binary/helper/helper": "\u007fELF\u0002\u0001\u0001\u0000",
    });
    await chmod(temp.join("binary/helper/helper"), 0o755);
    const io = testIo({ approve: false });
    await expect(addSkills({ ...options(), source: "../binary", io })).rejects.toMatchObject({
      code: "install-not-approved",
    });
    expect(io.reviewed[0]!.examination.risks.scripts).toEqual(["helper"]);
    expect(readdirSync(temp.join("project"))).not.toContain(".agents");
  });
});
