import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { writeFileAtomic } from "./write-file-atomic.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

describe("writeFileAtomic", () => {
  it("removes the temp files a killed writer left beside the file (a minute old), not a live writer's", async () => {
    const file = temp.join("skills-lock.json");
    await writeFile(temp.join(".skills-lock.json.tmp-4242-0123456789ab"), "stray");
    const old = new Date(Date.now() - 120_000);
    await utimes(temp.join(".skills-lock.json.tmp-4242-0123456789ab"), old, old);
    await writeFile(temp.join(".skills-lock.json.tmp-4343-0123456789ab"), "being written");
    await writeFile(temp.join(".other.json.tmp-1-0123456789ab"), "not ours");
    await utimes(temp.join(".other.json.tmp-1-0123456789ab"), old, old);
    await writeFileAtomic(file, "{}");
    expect((await readdir(temp.path)).sort()).toEqual([
      ".other.json.tmp-1-0123456789ab",
      ".skills-lock.json.tmp-4343-0123456789ab",
      "skills-lock.json",
    ]);
  });

  it("creates the folder, then replaces the file, leaving no temp file", async () => {
    const file = temp.join("deep", "folder", "state.json");
    await writeFileAtomic(file, "one");
    await writeFileAtomic(file, "two");
    expect(await readFile(file, "utf8")).toBe("two");
    expect(await readdir(temp.join("deep", "folder"))).toEqual(["state.json"]);
  });

  it("removes its temp file and keeps the target when the rename fails", async () => {
    const target = temp.join("busy");
    await mkdir(target);
    await writeFile(temp.join("busy", "inside"), "kept");
    await expect(writeFileAtomic(target, "new")).rejects.toMatchObject({ code: expect.any(String) });
    expect((await readdir(temp.path)).sort()).toEqual(["busy"]);
    expect(await readFile(temp.join("busy", "inside"), "utf8")).toBe("kept");
  });

  it("goes through a custom FileSystem when one is given", async () => {
    const written: string[] = [];
    const base = createNodeFileSystem();
    const fs = {
      ...base,
      writeFile: (path: string, data: string | Uint8Array) => {
        written.push(path);
        return base.writeFile(path, data);
      },
    };
    const file = temp.join("state.json");
    await writeFileAtomic(file, "data", { fs });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/\/\.state\.json\.tmp-\d+-[0-9a-f]{12}$/);
    expect(await readFile(file, "utf8")).toBe("data");
  });
});
