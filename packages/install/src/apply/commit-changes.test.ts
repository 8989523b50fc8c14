import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InstallScope } from "../lock/install-scope.js";
import {
  commitChanges,
  discardStaged,
  hasInterruptedCommit,
  recoverInterrupted,
  stagingFolder,
} from "./commit-changes.js";

let temp: TempDir;
let scope: InstallScope;
beforeEach(async () => {
  temp = await createTempDir("skillset-commit-");
  scope = {
    kind: "project",
    base: temp.path,
    skillsDir: temp.join(".agents/skills"),
    lockPath: temp.join("skills-lock.json"),
    stagingDir: temp.join(".agents"),
    bookkeepingDir: temp.join("state/installs/key"),
    writeRoots: [temp.path],
  };
});
afterEach(() => temp.cleanup());

const OLD_LOCK = '{"version":1,"skills":{"a":{"v":"old"},"b":{"v":"old"}}}\n';
const NEW_LOCK = '{"version":1,"skills":{"a":{"v":"new"},"c":{"v":"new"}}}\n';

/** The old state: skills a and b installed; then a replaced, b removed, c added. */
async function prepare(together = false): Promise<Parameters<typeof commitChanges>[1]> {
  await temp.write({
    "skills-lock.json": OLD_LOCK,
    ".agents/skills/a/SKILL.md": "old a",
    ".agents/skills/a/ref.md": "old a ref",
    ".agents/skills/b/SKILL.md": "old b",
  });
  const stagedA = await stagingFolder(scope, "a");
  // `add` stages its skills side by side in one staging folder; `update` one folder per skill.
  const stagedC = together ? join(dirname(stagedA), "c") : await stagingFolder(scope, "c");
  await temp.write({
    [`${stagedA.slice(temp.path.length + 1)}/SKILL.md`]: "new a",
    [`${stagedC.slice(temp.path.length + 1)}/SKILL.md`]: "new c",
  });
  return [
    { target: temp.join(".agents/skills/a"), staged: stagedA },
    { target: temp.join(".agents/skills/b") },
    { target: temp.join(".agents/skills/c"), staged: stagedC },
  ];
}

function state(): { lock: string; skills: Record<string, string> } {
  const skills: Record<string, string> = {};
  for (const name of readdirSync(scope.skillsDir).sort()) {
    const dir = `${scope.skillsDir}/${name}`;
    skills[name] = readdirSync(dir)
      .sort()
      .map((file) => readFileSync(`${dir}/${file}`, "utf8"))
      .join("|");
  }
  return { lock: readFileSync(scope.lockPath, "utf8"), skills };
}

const OLD = { lock: OLD_LOCK, skills: { a: "old a|old a ref", b: "old b" } };
const NEW = { lock: NEW_LOCK, skills: { a: "new a", c: "new c" } };

class Killed extends Error {}

describe("commitChanges", () => {
  it("commits folders and lock together", async () => {
    await commitChanges(scope, await prepare(), NEW_LOCK);
    expect(state()).toEqual(NEW);
    expect(readdirSync(scope.stagingDir)).toEqual(["skills"]);
    expect(existsSync(scope.bookkeepingDir)).toBe(false);
  });

  it.each([
    ["each staged in its own folder", false],
    ["staged side by side in one folder", true],
  ])(
    "stopped after any step, recovery leaves the old state whole, or the new one once committed (%s)",
    async (_, together) => {
      const steps: string[] = [];
      await commitChanges(scope, await prepare(together), NEW_LOCK, (step) => void steps.push(step));
      expect(steps).toHaveLength(9);
      for (const [index, stop] of steps.entries()) {
        await temp.cleanup();
        await temp.write({ ".keep": "" });
        const swaps = await prepare(together);
        await expect(
          commitChanges(scope, swaps, NEW_LOCK, (step) => {
            if (step === stop) throw new Killed(step);
          }),
        ).rejects.toBeInstanceOf(Killed);
        const committed = index >= steps.indexOf("committed");
        expect(await hasInterruptedCommit(scope), stop).toBe(!committed);
        expect(await recoverInterrupted(scope), stop).toBe(!committed);
        expect(state(), `stopped after "${stop}"`).toEqual(committed ? NEW : OLD);
        // Nothing of the old version is left behind (staged containers of a live process may stay).
        expect(
          readdirSync(scope.stagingDir).filter((entry) => !entry.startsWith(".skillset-staged-")),
          stop,
        ).toEqual(["skills"]);
      }
    },
  );

  it("a first install stopped midway leaves no lock and no folder", async () => {
    const staged = await stagingFolder(scope, "x");
    await temp.write({ [`${staged.slice(temp.path.length + 1)}/SKILL.md`]: "x" });
    await expect(
      commitChanges(scope, [{ target: temp.join(".agents/skills/x"), staged }], NEW_LOCK, (step) => {
        if (step === "lock written") throw new Killed(step);
      }),
    ).rejects.toBeInstanceOf(Killed);
    await recoverInterrupted(scope);
    expect(existsSync(scope.lockPath)).toBe(false);
    expect(readdirSync(scope.skillsDir)).toEqual([]);
  });
});

describe("recovery trusts only its own journal, and only inside the scope's folders", () => {
  it.each([
    [
      "a name that climbs",
      { version: 1, oldLock: "x", aside: ".skillset-previous-1-0123456789abcdef", swaps: [{ name: ".." }] },
    ],
    ["an aside outside", { version: 1, oldLock: "x", aside: "../../victim", swaps: [{ name: "a" }] }],
    [
      "a staged path outside",
      {
        version: 1,
        oldLock: "x",
        aside: ".skillset-previous-1-0123456789abcdef",
        swaps: [{ name: "a", staged: "../../victim/x" }],
      },
    ],
    [
      "the old shape, with absolute paths",
      { lockPath: "/etc/passwd", oldLock: "x", swaps: [{ target: "/victim", previous: "/x" }] },
    ],
    ["its text cut short", '{"version":1,"oldLo'],
  ])("a journal with %s is refused, naming it: nothing is rolled back or deleted", async (_, journal) => {
    await temp.write({
      "skills-lock.json": OLD_LOCK,
      ".agents/skills/a/SKILL.md": "old a",
      // What an interrupted command moved aside: recorded as made by this person's skillset.
      ".agents/.skillset-previous-1-0123456789abcdef/b/SKILL.md": "old b",
      "state/installs/key/owned/.skillset-previous-1-0123456789abcdef": "",
      "victim/x/SKILL.md": "mine",
      "state/installs/key/journal.json": typeof journal === "string" ? journal : JSON.stringify(journal),
    });
    const refused = {
      code: "install-journal-invalid",
      message: expect.stringContaining("journal.json is not an install journal"),
    };
    await expect(hasInterruptedCommit(scope)).rejects.toMatchObject(refused);
    await expect(recoverInterrupted(scope)).rejects.toMatchObject(refused);
    expect(readFileSync(temp.join(".agents/.skillset-previous-1-0123456789abcdef/b/SKILL.md"), "utf8")).toBe(
      "old b",
    );
    expect(readFileSync(scope.lockPath, "utf8")).toBe(OLD_LOCK);
    expect(readdirSync(temp.join("victim"))).toEqual(["x"]);
    expect(readdirSync(scope.skillsDir)).toEqual(["a"]);
  });

  it("a committed .agents/.skillset-staging (a journal, or a link to ../..) is never read nor deleted", async () => {
    await temp.write({
      "skills-lock.json": OLD_LOCK,
      "parent-entry/data.md": "mine",
      ".agents/.skillset-staging/journal.json": JSON.stringify({
        lockPath: temp.join("parent-entry/data.md"),
        oldLock: "evil",
        swaps: [],
      }),
    });
    expect(await recoverInterrupted(scope)).toBe(false);
    await commitChanges(scope, await prepare(), NEW_LOCK);
    expect(state()).toEqual(NEW);
    expect(readFileSync(temp.join(".agents/.skillset-staging/journal.json"), "utf8")).toContain("evil");
    expect(readFileSync(temp.join("parent-entry/data.md"), "utf8")).toBe("mine");
  });
});

describe("staging shared by processes that tidy up", () => {
  it("a staging folder is made even when another's tidy-up removes the empty folders around it meanwhile", async () => {
    // Two stagers, each staging and discarding in a loop, interleave as concurrent `add` processes do:
    // whenever both have discarded, the next discard removes the empty staging and bookkeeping folders —
    // possibly between the other's making of them and its use of them.
    const stager = async (name: string) => {
      for (let round = 0; round < 300; round++)
        await discardStaged(scope, dirname(await stagingFolder(scope, name)));
    };
    await Promise.all([stager("one"), stager("two"), stager("three")]);
    expect(existsSync(join(scope.bookkeepingDir, "owned"))).toBe(false);
  });
});
