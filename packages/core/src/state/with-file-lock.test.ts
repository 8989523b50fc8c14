import { chmod, mkdir, readdir, readFile, rm, rmdir, stat, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { withFileLock } from "./with-file-lock.js";
import { writeFileAtomic } from "./write-file-atomic.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

describe("withFileLock", () => {
  it("creates the folder, holds <path>.lock while running and removes it after", async () => {
    const file = temp.join("a", "b", "state.json");
    const seen = await withFileLock(file, async () => (await stat(`${file}.lock`)).isDirectory());
    expect(seen).toBe(true);
    await expect(stat(`${file}.lock`)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("runs callers one at a time and releases after a failure", async () => {
    const file = temp.join("state.json");
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inside--;
    };
    await expect(withFileLock(file, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await Promise.all(Array.from({ length: 10 }, () => withFileLock(file, work)));
    expect(most).toBe(1);
  });

  it("times out with state-locked while another process holds a fresh lock", async () => {
    const file = temp.join("state.json");
    await mkdir(`${file}.lock`);
    const error = await withFileLock(file, async () => 1, { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(SkillsetError.isInstance(error) && error.code).toBe("state-locked");
    expect((error as Error).message).toContain(`delete ${file}.lock`);
  });

  it("takes over a stale lock left by a dead process", async () => {
    const file = temp.join("state.json");
    await mkdir(`${file}.lock`);
    const old = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, old, old);
    expect(await withFileLock(file, async () => "ran", { timeoutMs: 2000 })).toBe("ran");
  });

  it("waits for a lock another process releases", async () => {
    const file = temp.join("state.json");
    await mkdir(`${file}.lock`);
    setTimeout(() => void rmdir(`${file}.lock`), 100);
    expect(await withFileLock(file, async () => "ran", { timeoutMs: 5000 })).toBe("ran");
  });

  // Only contention is waited for: a lock that can never be created fails at once, with the fix.
  async function failure(file: string) {
    const started = performance.now();
    const error = await withFileLock(file, async () => "ran").catch((e: unknown) => e);
    return { error: error as Error, ms: performance.now() - started };
  }

  it("fails at once when the lock folder cannot be created (a name too long)", async () => {
    const file = temp.join("s".repeat(252)); // the folder `<file>.lock` is 257 bytes long: ENAMETOOLONG
    const { error, ms } = await failure(file);
    expect(SkillsetError.isInstance(error) && error.code).toBe("state-lock-failed");
    expect(error.message).toBe(
      `Cannot create the lock ${file}.lock: the path is too long for the file system. Use a shorter path.`,
    );
    expect(ms).toBeLessThan(1000);
  });

  it("fails at once, saying what to delete, when something no process made is at the lock's place", async () => {
    const file = temp.join("state.json");
    // As a clone could bring it: a lock folder with a file in it, or a file of that name.
    await mkdir(`${file}.lock`);
    await writeFile(`${file}.lock/keep`, "x");
    const folder = await failure(file);
    expect(SkillsetError.isInstance(folder.error) && folder.error.code).toBe("state-lock-failed");
    expect(folder.error.message).toBe(
      `Cannot create the lock ${file}.lock: it is a folder with files in it, which no skillset process made (it may have come with a clone). Delete it and run the command again; nothing was changed.`,
    );
    expect(folder.ms).toBeLessThan(1000);
    await rm(`${file}.lock`, { recursive: true });
    await writeFile(`${file}.lock`, "");
    expect((await failure(file)).error.message).toContain("it is a file, which no skillset process made");
  });

  it("assertHeld refuses once another process took the lock over (this one paused past the stale time): nothing is written", async () => {
    const file = temp.join("state.json");
    await writeFile(file, "theirs");
    await expect(
      withFileLock(file, async (assertHeld) => {
        await assertHeld(); // held: resolves
        // What a process that found the lock stale does: removes it and makes its own.
        await rmdir(`${file}.lock`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await mkdir(`${file}.lock`);
        await writeFileAtomic(file, "mine", { beforeRename: assertHeld });
      }),
    ).rejects.toMatchObject({
      code: "state-lock-compromised",
      message: expect.stringContaining("nothing was written"),
    });
    expect(await readFile(file, "utf8")).toBe("theirs");
    expect((await readdir(temp.path)).sort()).toEqual(["state.json", "state.json.lock"]);
  });

  it("fails at once when a file is in the way of the folder", async () => {
    await writeFile(temp.join("config"), "");
    const file = temp.join("config", "skillset", "state.json");
    const { error, ms } = await failure(file);
    expect(SkillsetError.isInstance(error) && error.code).toBe("state-lock-failed");
    expect(error.message).toBe(
      `Cannot create the lock ${file}.lock: ${temp.join("config", "skillset")} is not a folder (a file is in its way, or it was removed meanwhile). Remove or move what is in the way, or fix the path.`,
    );
    expect(ms).toBeLessThan(1000);
  });

  it.skipIf(process.getuid?.() === 0)(
    "fails at once when the folder may not be written (not as root: root may write anyway)",
    async () => {
      await mkdir(temp.join("locked"));
      await chmod(temp.join("locked"), 0o555);
      try {
        const file = temp.join("locked", "state.json");
        const { error, ms } = await failure(file);
        expect(SkillsetError.isInstance(error) && error.code).toBe("state-lock-failed");
        expect(error.message).toBe(
          `Cannot create the lock ${file}.lock: you may not write in ${temp.join("locked")}. Give your user write permission on that folder, or fix the path.`,
        );
        expect(ms).toBeLessThan(1000);
      } finally {
        await chmod(temp.join("locked"), 0o755);
      }
    },
  );
});
