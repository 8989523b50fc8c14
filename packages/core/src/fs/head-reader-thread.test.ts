import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, truncateSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import type { FileSystem, StatAndHead, SyncFileReads } from "./file-system.js";
import { HeadReaderThread } from "./head-reader-thread.js";
import { nodeFileSystem } from "./node-file-system.js";

const fs = nodeFileSystem as FileSystem & SyncFileReads;
const posix = process.platform !== "win32";
const LENGTH = 4096;
const RUN = 4;

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-head-thread-");
});
afterEach(() => temp.cleanup());

/** Blocks the main thread, as a long parse does, so the thread gets ahead. */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Every head, run by run, from the thread where it read the run, else from the main thread's own read. */
function readAll(thread: HeadReaderThread, paths: (string | null)[]): (StatAndHead | "not-read" | "main")[] {
  const heads: (StatAndHead | "not-read" | "main")[] = [];
  for (let run = 0; run * RUN < paths.length; run++) {
    const read = thread.takeRun(run);
    for (let index = run * RUN; index < Math.min((run + 1) * RUN, paths.length); index++) {
      if (!read) heads.push("main");
      else {
        const head = read.head(index - run * RUN);
        // Copied: the bytes are valid until the run is released.
        heads.push(head ? { stat: head.stat, bytes: Buffer.from(head.bytes) } : "not-read");
      }
    }
    read?.release();
  }
  return heads;
}

/** What the main thread's own read gives (the bytes copied), or "not-read" when it throws. */
function mainRead(path: string | null): StatAndHead | "not-read" {
  if (path === null) return "not-read";
  try {
    const head = fs.readHeadWithStatSync!(path, LENGTH);
    return { stat: head.stat, bytes: Buffer.from(head.bytes) };
  } catch {
    return "not-read";
  }
}

describe.skipIf(!posix)("HeadReaderThread", () => {
  it("reads each file's stat and head as the main thread does, hostile files included, without blocking", async () => {
    await temp.write({
      "secret/credentials": "aws_secret_access_key = S\n",
      "ok/SKILL.md": "---\nname: ok\n---\nBody.\n",
      "empty/SKILL.md": "",
      "big/SKILL.md": "x".repeat(3 * LENGTH),
      "folder/SKILL.md/inside": "",
    });
    for (let index = 0; index < 12; index++)
      await temp.write({ [`s${index}/SKILL.md`]: `---\nname: s${index}\n---\n` });
    mkdirSync(temp.join("fifo"));
    execFileSync("mkfifo", [temp.join("fifo/SKILL.md")]);
    mkdirSync(temp.join("link"));
    symlinkSync(temp.join("secret/credentials"), temp.join("link/SKILL.md"));
    // A sparse file far over every limit: only the head is read.
    await temp.write({ "huge/SKILL.md": "" });
    truncateSync(temp.join("huge/SKILL.md"), 64 * 1024 * 1024);
    const paths: (string | null)[] = [
      ...["ok", "empty", "big", "folder", "fifo", "link", "huge", "missing"].map((name) =>
        temp.join(`${name}/SKILL.md`),
      ),
      null,
      ...Array.from({ length: 12 }, (_, index) => temp.join(`s${index}/SKILL.md`)),
    ];
    // The main thread claims no run: every head comes from the thread.
    const thread = HeadReaderThread.start(paths, LENGTH, RUN, { mainReads: false });
    expect(thread, "the built thread script (npm run build)").toBeDefined();
    const heads = readAll(thread!, paths);
    thread!.close();
    expect(heads).not.toContain("main");
    expect(heads).toEqual(paths.map(mainRead));
    expect(thread!.delivered).toBe(paths.length - 2); // the missing file and the one not to read
    const [ok, , big, folder, fifo, , huge] = heads as StatAndHead[];
    expect(ok!.bytes.toString()).toBe("---\nname: ok\n---\nBody.\n");
    expect(big!.bytes.length).toBe(LENGTH);
    expect(folder!.stat).toMatchObject({ kind: "directory", isDirectory: true });
    expect(folder!.bytes.length).toBe(0);
    expect(fifo!.stat).toMatchObject({ kind: "fifo", isFile: false });
    expect(fifo!.bytes.length).toBe(0);
    expect(huge!.stat.size).toBe(64 * 1024 * 1024);
    expect(huge!.bytes.length).toBe(LENGTH);
  });

  it("leaves runs it has not reached to the main thread, and gives no run to both", async () => {
    const paths: string[] = [];
    for (let index = 0; index < 400; index++) {
      await temp.write({ [`s${index}/SKILL.md`]: `---\nname: s${index}\n---\n` });
      paths.push(temp.join(`s${index}/SKILL.md`));
    }
    const thread = HeadReaderThread.start(paths, LENGTH, RUN)!;
    // Claimed at once, before the thread can have started: the main thread reads these itself.
    expect(thread.takeRun(0)).toBeUndefined();
    expect(thread.takeRun(1)).toBeUndefined();
    block(1500);
    // The rest: the thread ran ahead (at most a few batches); once the main thread catches up with it, it
    // may claim a run the thread has not reached yet. Every run is read once, by one of them.
    const rest = readAll(thread, paths).slice(2 * RUN);
    thread.close();
    // How far the thread got depends on the machine's load: only that it read some runs is certain.
    expect(thread.delivered).toBeGreaterThan(0);
    rest.forEach((head, index) => {
      if (head !== "main") expect(head).toEqual(mainRead(paths[2 * RUN + index]!));
    });
  });

  it("hands over every batch even after the thread has finished and exited", async () => {
    const paths: string[] = [];
    for (let index = 0; index < 10; index++) {
      await temp.write({ [`s${index}/SKILL.md`]: `---\nname: s${index}\n---\n` });
      paths.push(temp.join(`s${index}/SKILL.md`));
    }
    const thread = HeadReaderThread.start(paths, LENGTH, RUN, { mainReads: false })!;
    await thread.exited;
    const heads = readAll(thread, paths);
    thread.close();
    expect(heads).toEqual(paths.map(mainRead));
  });
});
