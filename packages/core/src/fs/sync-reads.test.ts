import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { asyncOnly } from "./async-only.js";
import type { FileSystem } from "./file-system.js";
import { nodeFileSystem } from "./node-file-system.js";
import { readCappedText } from "./read-capped-text.js";
import { existsNow, orUndefined, readdirNow, realpathNow, statNow } from "./sync-reads.js";

/** The node file system whose async methods throw: what reads through it took the synchronous way. */
const syncOnly = new Proxy(nodeFileSystem, {
  get(target, key) {
    const value = Reflect.get(target, key);
    if (typeof value !== "function") return value;
    if (typeof key === "string" && !key.endsWith("Sync"))
      return () => {
        throw new Error(`async ${key} used`);
      };
    return value.bind(target);
  },
}) as FileSystem;

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-sync-reads-");
});
afterEach(() => temp.cleanup());

describe("realpathNow and statNow", () => {
  it("answer synchronously from a file system with synchronous reads, and by promise from one without", async () => {
    await temp.write({ "a/SKILL.md": "x" });
    const path = temp.join("a/SKILL.md");
    const now = realpathNow(nodeFileSystem, path);
    expect(typeof now).toBe("string");
    expect(await realpathNow(asyncOnly(nodeFileSystem), path)).toBe(now);
    const stat = statNow(nodeFileSystem, path);
    expect(stat).not.toBeInstanceOf(Promise);
    expect((await statNow(asyncOnly(nodeFileSystem), path)).size).toBe(1);
  });

  it("fail alike whichever way they answer: a throw or a rejection, undefined through orUndefined", async () => {
    const missing = temp.join("missing");
    expect(() => realpathNow(nodeFileSystem, missing)).toThrow(/ENOENT/);
    await expect(realpathNow(asyncOnly(nodeFileSystem), missing)).rejects.toThrow(/ENOENT/);
    expect(orUndefined(() => statNow(nodeFileSystem, missing))).toBeUndefined();
    expect(await orUndefined(() => statNow(asyncOnly(nodeFileSystem), missing))).toBeUndefined();
  });
});

describe("existsNow, readdirNow and readCappedText", () => {
  it("answer synchronously when they can, as the async methods do", async () => {
    await temp.write({ "a/SKILL.md": "héllo", "a/b/c.txt": "" });
    const folder = temp.join("a");
    const file = temp.join("a/SKILL.md");
    expect(existsNow(syncOnly, file)).toBe(true);
    expect(existsNow(syncOnly, temp.join("a/missing"))).toBe(false);
    expect(await existsNow(asyncOnly(nodeFileSystem), file)).toBe(true);
    const names = (entries: { name: string }[]) => entries.map((entry) => entry.name).sort();
    expect(names(readdirNow(syncOnly, folder) as { name: string }[])).toEqual(["SKILL.md", "b"]);
    expect(names(await readdirNow(asyncOnly(nodeFileSystem), folder))).toEqual(["SKILL.md", "b"]);
    expect(await readCappedText(syncOnly, file)).toBe("héllo");
    expect(await readCappedText(asyncOnly(nodeFileSystem), file)).toBe("héllo");
  });
});

describe("readCappedText", () => {
  it("reads with the synchronous reads when the file system has them, with the same answers and errors", async () => {
    await temp.write({ "state.json": '{"version":1}', "big.json": "x".repeat(2048) });
    for (const fs of [syncOnly, asyncOnly(nodeFileSystem)]) {
      expect(await readCappedText(fs, temp.join("state.json"))).toBe('{"version":1}');
      await expect(readCappedText(fs, temp.join("missing.json"))).rejects.toMatchObject({ code: "ENOENT" });
      await expect(readCappedText(fs, temp.join("big.json"), 1024)).rejects.toMatchObject({
        code: "EFBIG",
        size: 2048,
        limit: 1024,
      });
    }
  });
});
