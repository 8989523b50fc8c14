import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { asyncOnly } from "./async-only.js";
import { nodeFileSystem } from "./node-file-system.js";
import { orUndefined, realpathNow, statNow } from "./sync-reads.js";

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
