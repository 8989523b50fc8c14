import { mkdir, stat, utimes } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { withFileLock } from "./with-file-lock.js";

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
});
