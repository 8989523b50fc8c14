import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import type { FileSystem, SyncFileReads } from "./file-system.js";
import { nodeFileSystem } from "./node-file-system.js";
import { syncReads } from "./sync-reads.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-fs-");
});
afterEach(() => temp.cleanup());

const node = nodeFileSystem as FileSystem & SyncFileReads;

describe("the node file system's synchronous reads", () => {
  it("read what the async methods read", async () => {
    const big = "b".repeat(200_000);
    await temp.write({ "a/one.md": "héllo\n", "a/big.md": big, "a/sub/x.md": "" });
    const names = (list: { name: string }[]) => [...list].sort((x, y) => (x.name < y.name ? -1 : 1));
    expect(names(node.readdirSync(temp.join("a")))).toEqual(names(await node.readdir(temp.join("a"))));
    expect(node.statSync(temp.join("a/one.md"))).toEqual(await node.stat(temp.join("a/one.md")));
    expect(node.readTextSync(temp.join("a/one.md"))).toBe("héllo\n");
    expect(node.readFileSync(temp.join("a/one.md"))).toEqual(await node.readFile(temp.join("a/one.md")));
    for (const length of [3, 1000, 150_000, 300_000]) {
      const sync = Buffer.from(node.readHeadSync(temp.join("a/big.md"), length));
      const async = Buffer.from(await node.readHead(temp.join("a/big.md"), length));
      expect(sync.length).toBe(Math.min(length, big.length));
      expect(sync.equals(async)).toBe(true);
    }
  });

  it("stat and read a file's head through one open, never blocking on a FIFO", async () => {
    const big = "b".repeat(200_000);
    await temp.write({ "a/one.md": "héllo\n", "a/big.md": big, "a/empty.md": "" });
    for (const name of ["one.md", "big.md", "empty.md"]) {
      for (const length of [3, 150_000]) {
        const { stat, bytes } = node.readHeadWithStatSync!(temp.join("a", name), length);
        expect(stat).toEqual(node.statSync(temp.join("a", name)));
        expect(Buffer.from(bytes).equals(Buffer.from(node.readHeadSync(temp.join("a", name), length)))).toBe(
          true,
        );
      }
    }
    // Small heads share a slab, but never each other's bytes.
    const first = node.readHeadWithStatSync!(temp.join("a/one.md"), 100).bytes;
    node.readHeadWithStatSync!(temp.join("a/big.md"), 100);
    expect(Buffer.from(first).toString()).toBe("héllo\n");
    expect(node.readHeadWithStatSync!(temp.join("a"), 10)).toMatchObject({
      stat: { isDirectory: true },
      bytes: new Uint8Array(0),
    });
    expect(() => node.readHeadWithStatSync!(temp.join("missing"), 10)).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
    if (process.platform !== "win32") {
      execFileSync("mkfifo", [temp.join("fifo")]);
      expect(node.readHeadWithStatSync!(temp.join("fifo"), 10)).toMatchObject({
        stat: { isFile: false },
        bytes: new Uint8Array(0),
      });
    }
  });

  it("return their own bytes, not a view of a shared buffer", async () => {
    await temp.write({ "a.md": "first", "b.md": "second" });
    const first = node.readHeadSync(temp.join("a.md"), 100);
    node.readHeadSync(temp.join("b.md"), 100);
    expect(Buffer.from(first).toString()).toBe("first");
  });

  it("throw the Node error, code set", () => {
    for (const read of [
      () => node.readdirSync(temp.join("missing")),
      () => node.statSync(temp.join("missing")),
      () => node.readHeadSync(temp.join("missing"), 10),
      () => node.readFileSync(temp.join("missing")),
      () => node.readTextSync(temp.join("missing")),
    ]) {
      expect(read).toThrow(expect.objectContaining({ code: "ENOENT" }));
    }
  });

  it("are not inherited by a wrapper spread from it, so its async overrides are never bypassed", () => {
    expect(Object.keys(nodeFileSystem)).not.toContain("readdirSync");
    const wrapper: FileSystem = { ...nodeFileSystem, readdir: async () => [] };
    expect(wrapper.readdirSync).toBeUndefined();
    expect(syncReads(wrapper)).toBeUndefined();
    expect(syncReads(nodeFileSystem)).toBe(nodeFileSystem);
  });

  it("are used all or nothing", () => {
    const partial: FileSystem = { ...nodeFileSystem, readdirSync: node.readdirSync };
    expect(syncReads(partial)).toBeUndefined();
  });
});

describe("the node file system's reads open only regular files", () => {
  it("refuses a FIFO and a folder on every read, without blocking", async () => {
    if (process.platform === "win32") return;
    execFileSync("mkfifo", [temp.join("fifo")]);
    const fifo = temp.join("fifo");
    const notRegular = expect.objectContaining({ code: "ENOTREGULAR", fileKind: "fifo" });
    await expect(node.readFile(fifo)).rejects.toEqual(notRegular);
    await expect(node.readText(fifo)).rejects.toEqual(notRegular);
    await expect(node.readHead(fifo, 10)).rejects.toEqual(notRegular);
    expect(() => node.readFileSync(fifo)).toThrow(notRegular);
    expect(() => node.readTextSync(fifo)).toThrow(notRegular);
    expect(() => node.readHeadSync(fifo, 10)).toThrow(notRegular);
    await expect(node.readFile(temp.path)).rejects.toEqual(expect.objectContaining({ code: "EISDIR" }));
    expect((await node.stat(fifo)).kind).toBe("fifo");
  });
});
