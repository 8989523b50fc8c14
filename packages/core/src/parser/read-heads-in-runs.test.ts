import { Buffer } from "node:buffer";
import { afterEach, describe, expect, it } from "vitest";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { type HeadThreadOptions, mapWithHeadsSync } from "./read-heads-in-runs.js";

const fs = nodeFileSystem as FileSystem & SyncFileReads;
let temp: TempDir | undefined;
afterEach(async () => {
  await temp?.cleanup();
  temp = undefined;
});

describe("mapWithHeadsSync", () => {
  it("hands every file on in order with its stat and bytes, across runs; none for files not to read ahead or unreadable", async () => {
    temp = await createTempDir();
    const files: Record<string, string> = {};
    for (let index = 0; index < 150; index++) files[`s${index}/SKILL.md`] = `---\nname: s${index}\n---\n`;
    await temp.write(files);
    const items = Object.keys(files).map((relative) => temp!.join(relative));
    items.push(temp.join("missing/SKILL.md"));
    const notAhead = items[70]!;
    const seen = mapWithHeadsSync(
      items,
      (path) => (path === notAhead ? undefined : path),
      fs,
      (path, head) => ({
        path,
        text: head && Buffer.from(head.bytes).toString("utf8"),
        size: head?.stat.size,
      }),
    );
    expect(seen.map((one) => one.path)).toEqual(items);
    expect(seen[0]).toEqual({
      path: items[0],
      text: files["s0/SKILL.md"],
      size: files["s0/SKILL.md"]!.length,
    });
    expect(seen[149]?.text).toBe(files["s149/SKILL.md"]);
    expect(seen[70]?.text).toBeUndefined();
    expect(seen[150]?.text).toBeUndefined();
  });
});

describe("mapWithHeadsSync with a second thread", () => {
  it("hands on the same items and heads, in order, whoever reads them", async () => {
    temp = await createTempDir();
    const files: Record<string, string> = {};
    for (let index = 0; index < 300; index++) files[`s${index}/SKILL.md`] = `---\nname: s${index}\n---\n`;
    await temp.write(files);
    const items = Object.keys(files).map((relative) => temp!.join(relative));
    items.splice(100, 0, temp.join("missing/SKILL.md"));
    const notAhead = items[170]!;
    const map = (options: HeadThreadOptions) =>
      mapWithHeadsSync(
        items,
        (path) => (path === notAhead ? undefined : path),
        fs,
        (path, head) => ({ path, text: head && Buffer.from(head.bytes).toString("utf8"), stat: head?.stat }),
        options,
      );
    let delivered = 0;
    const byThread = map({ minFiles: 0, threadOnly: true, onThreadDone: (count) => (delivered = count) });
    // Below the threshold no thread starts.
    let started = false;
    const onMain = map({ minFiles: items.length + 1, onThreadDone: () => (started = true) });
    expect(delivered).toBe(items.length - 2);
    expect(started).toBe(false);
    expect(byThread).toEqual(onMain);
    expect(byThread[0]?.text).toBe(files["s0/SKILL.md"]);
    expect(byThread[100]?.text).toBeUndefined();
    expect(byThread[170]?.text).toBeUndefined();
  });
});
