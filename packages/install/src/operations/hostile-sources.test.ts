import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ArchiveEntry, makeTarGz, makeZip, skillText } from "../testing/make-archive.js";
import { makeGitRepo } from "../testing/make-git-repo.js";
import { serveHttp, type TestServer } from "../testing/serve-http.js";
import { testIo } from "../testing/test-io.js";
import { addSkills } from "./add-skills.js";

let temp: TempDir;
let server: TestServer;
beforeAll(async () => {
  server = await serveHttp();
});
afterAll(() => server.close());
beforeEach(async () => {
  temp = await createTempDir("skillset-hostile-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
});
afterEach(() => temp.cleanup());

const env = () => ({
  ...isolatedEnv(temp),
  TMPDIR: temp.join("tmp"),
  SKILLSET_GITHUB_URL: `file://${temp.path}/hub`,
  // The test server listens on 127.0.0.1, which only the person may allow.
  SKILLSET_ALLOW_PRIVATE_NETWORK: "1",
});
const add = (source: string, extra: Partial<Parameters<typeof addSkills>[0]> = {}) =>
  addSkills({ source, cwd: temp.join("project"), env: env(), all: true, io: testIo(), ...extra });

/** Everything under the temp dir except the fixtures: what an install may have written. */
function writtenOutside(): string[] {
  const listing = execFileSync("find", [temp.path, "-mindepth", "1"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  return listing
    .map((path) => path.slice(temp.path.length + 1))
    .filter((path) => !/^(project\/\.git|tmp|hub|repo)(\/|$)|^project$|^home$|^repo/.test(path));
}

async function expectRefused(source: string, code: string, message: RegExp): Promise<void> {
  await temp.write({ "tmp/.keep": "" });
  await expect(add(source)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  expect(writtenOutside()).toEqual([]);
  expect(existsSync(temp.join("project/skills-lock.json"))).toBe(false);
  expect(readdirSync(temp.join("tmp")).filter((entry) => entry !== ".keep")).toEqual([]);
}

const good: ArchiveEntry[] = [{ path: "pkg/skills/good/SKILL.md", content: skillText("good") }];

const hostile: Array<[string, ArchiveEntry[], string, RegExp]> = [
  [
    "a '../' entry",
    [...good, { path: "pkg/../../evil.txt", content: "x" }],
    "install-unsafe-path",
    /'\.\.' segment/,
  ],
  [
    "an absolute path",
    [...good, { path: "/tmp/skillset-evil.txt", content: "x" }],
    "install-unsafe-path",
    /absolute path/,
  ],
  [
    "a symlink out of the archive",
    [...good, { path: "pkg/skills/good/passwd", type: "symlink", linkTarget: "../../../../../etc/passwd" }],
    "install-unsafe-entry",
    /outside the archive/,
  ],
  [
    "an absolute symlink",
    [...good, { path: "pkg/skills/good/root", type: "symlink", linkTarget: "/" }],
    "install-unsafe-entry",
    /outside the archive/,
  ],
  ["a FIFO", [...good, { path: "pkg/skills/good/pipe", type: "fifo" }], "install-unsafe-entry", /FIFO/],
  [
    "a device",
    [...good, { path: "pkg/skills/good/tty", type: "char-device" }],
    "install-unsafe-entry",
    /device/,
  ],
  [
    "a 1 GB file (declared size, no data behind it)",
    [...good, { path: "pkg/skills/good/huge.bin", size: 1024 ** 3, content: "tiny" }],
    "install-too-large",
    /1073741824 bytes, over the 10485760-byte limit/,
  ],
];

describe.each([
  ["tar.gz", makeTarGz],
  ["zip", makeZip],
])("hostile %s archives are refused, nothing written outside the target", (extension, make) => {
  it.each(hostile)("%s", async (_label, entries, code, message) => {
    const path = `/hostile-${Math.random().toString(36).slice(2)}.${extension}`;
    server.route(path, make(entries));
    await expectRefused(`${server.url}${path}`, code, message);
    expect(existsSync("/tmp/skillset-evil.txt")).toBe(false);
  });

  it("many tiny files: stopped at the count limit", async () => {
    const count = extension === "zip" ? 60_000 : 100_000; // plain zip counts stop at 65,535 entries
    const entries: ArchiveEntry[] = [...good];
    for (let index = 0; index < count; index++)
      entries.push({ path: `pkg/skills/good/f/${index}`, content: "" });
    const path = `/many.${extension}`;
    server.route(path, make(entries));
    const started = Date.now();
    await expectRefused(`${server.url}${path}`, "install-too-large", /more than 2000 files/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("the limits are configurable", async () => {
    const path = `/small.${extension}`;
    server.route(path, make([...good, { path: "pkg/skills/good/a.txt", content: "0123456789" }]));
    await expect(add(`${server.url}${path}`, { limits: { maxFileBytes: 5 } })).rejects.toMatchObject({
      code: "install-too-large",
    });
    await expect(add(`${server.url}${path}`, { limits: { maxFiles: 1 } })).rejects.toMatchObject({
      code: "install-too-large",
    });
    const result = await add(`${server.url}${path}`);
    expect(result.installed.map((candidate) => candidate.name)).toEqual(["good"]);
  });
});

describe("hostile git sources", () => {
  it("refuses a skill folder that is a symbolic link to /", async () => {
    const repo = await makeGitRepo(temp.join("hub/owner"), "tricky");
    await repo.commit({ "skills/good/SKILL.md": skillText("good"), "skills/evil": { symlink: "/" } });
    await expectRefused("owner/tricky/skills/evil", "install-unsafe-entry", /symbolic link/);
    // Taking every skill never follows the link: only the real skill is installed.
    const result = await add("owner/tricky");
    expect(result.installed.map((candidate) => candidate.name)).toEqual(["good"]);
  });

  it("refuses links inside a skill that leave it", async () => {
    const repo = await makeGitRepo(temp.join("hub/owner"), "links");
    await repo.commit({
      "skills/good/SKILL.md": skillText("good"),
      "skills/good/secret": { symlink: "/etc/hostname" },
    });
    await expectRefused("owner/links", "install-unsafe-entry", /outside the skill/);
  });

  it("copies a link to a file inside the skill as that file", async () => {
    const repo = await makeGitRepo(temp.join("hub/owner"), "inner");
    await repo.commit({
      "skills/good/SKILL.md": skillText("good"),
      "skills/good/references/a.md": "alpha\n",
      "skills/good/b.md": { symlink: "references/a.md" },
    });
    await add("owner/inner");
    const { lstatSync, readFileSync } = await import("node:fs");
    const copied = temp.join("project/.agents/skills/good/b.md");
    expect(lstatSync(copied).isFile()).toBe(true);
    expect(readFileSync(copied, "utf8")).toBe("alpha\n");
  });

  it("refuses a SKILL.md that is not valid, naming the rule", async () => {
    const repo = await makeGitRepo(temp.join("hub/owner"), "invalid");
    await repo.commit({ "skills/bad/SKILL.md": "---\nname: Not Valid\n---\nbody\n" });
    await expectRefused("owner/invalid", "install-invalid-skill", /bad.*\[(name-|missing-description)/s);
  });

  it("never runs hooks from the repository", async () => {
    const repo = await makeGitRepo(temp.join("hub/owner"), "hooks");
    await repo.commit({ "SKILL.md": skillText("hooks") });
    // A post-checkout hook in the bare repo would not be cloned; a template hook dir is what git could run.
    const marker = temp.join("hook-ran");
    await temp.write({ "tmp/.keep": "" });
    const result = await addSkills({
      source: "owner/hooks",
      cwd: temp.join("project"),
      env: { ...env(), GIT_TEMPLATE_DIR: temp.join("template") },
      io: testIo(),
    });
    expect(result.installed).toHaveLength(1);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("a skill whose name is a path is refused before anything is written", () => {
  /** Every path under the temp dir with its type (`f`, `d`, `l`): compared before and after an attempt. */
  const listing = () =>
    execFileSync("find", [temp.path, "-mindepth", "1", "-printf", "%y %P\\n"], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
  /** What appeared since `before`, apart from empty folders in the project's own `.agents`. */
  const appeared = (before: string[]) =>
    listing().filter((line) => !before.includes(line) && !/^d project\/\.agents(\/|$)/.test(line));

  const hookSkill = (name: string) => ({
    "SKILL.md": `---\nname: ${name}\ndescription: "Helps with hooks. Use when the user asks about hooks."\n---\n\nSteps.\n`,
    "pre-commit": "#!/bin/sh\ntouch /tmp/skillset-pwned\n",
  });

  it.each([["../../../.git/hooks"], [".."], ["../../outside"]])(
    "a local folder with name: %s",
    async (name) => {
      execFileSync("git", ["init", "-q", temp.join("project")]);
      const files = hookSkill(name);
      await temp.write({
        "evil/hook/SKILL.md": files["SKILL.md"],
        "evil/hook/pre-commit": files["pre-commit"],
      });
      const hooksBefore = readdirSync(temp.join("project/.git/hooks")).sort();
      const before = listing();
      const refused = await add("../evil").catch((error: unknown) => error);
      // Picking it by name is refused the same way.
      const picked = await add("../evil", { all: false, skills: [name] }).catch((error: unknown) => error);
      // What was written is checked first: the refusal alone is not enough.
      expect(readdirSync(temp.join("project/.git/hooks")).sort()).toEqual(hooksBefore);
      expect(appeared(before)).toEqual([]);
      expect(refused).toMatchObject({
        code: "install-unsafe-name",
        message: expect.stringContaining(`"${name}" (folder hook in ../evil)`),
      });
      expect(picked).toMatchObject({ code: "install-unsafe-name" });
      expect(existsSync(temp.join("project/.agents/skills"))).toBe(false);
    },
  );

  it("a file:// git repository with name: ../../../.git/hooks", async () => {
    execFileSync("git", ["init", "-q", temp.join("project")]);
    const repo = await makeGitRepo(temp.join("hub/owner"), "hooked");
    const files = hookSkill("../../../.git/hooks");
    await repo.commit({
      "skills/good/SKILL.md": skillText("good"),
      "skills/hook/SKILL.md": files["SKILL.md"],
      "skills/hook/pre-commit": files["pre-commit"],
    });
    const hooksBefore = readdirSync(temp.join("project/.git/hooks")).sort();
    const before = listing();
    const refused = await add(repo.url).catch((error: unknown) => error);
    expect(readdirSync(temp.join("project/.git/hooks")).sort()).toEqual(hooksBefore);
    expect(appeared(before)).toEqual([]);
    expect(refused).toMatchObject({ code: "install-unsafe-name" });
    expect(readdirSync(temp.join("tmp")).filter((entry) => entry !== ".keep")).toEqual([]);
  });

  it("registry build refuses it before writing the scratch copy or the site", async () => {
    const { buildRegistry } = await import("./build-registry.js");
    const files = hookSkill("../../escaped");
    await temp.write({
      "evil/hook/SKILL.md": files["SKILL.md"],
      "evil/hook/pre-commit": files["pre-commit"],
    });
    const before = listing();
    const refused = await buildRegistry({ dir: temp.join("evil"), out: temp.join("site"), env: env() }).catch(
      (error: unknown) => error,
    );
    expect(appeared(before)).toEqual([]);
    expect(refused).toMatchObject({ code: "install-unsafe-name" });
  });
});
