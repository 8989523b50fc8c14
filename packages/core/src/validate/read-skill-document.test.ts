import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { SKILL_HEAD_BYTES } from "../parser/index.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { readSkillDocument } from "./read-skill-document.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const node = syncReads(nodeFileSystem) as FileSystem & SyncFileReads;
const frontmatter = (name: string) =>
  `---\nname: ${name}\ndescription: Fill PDF forms. Use when asked.\n---\n`;
const denied = (path: string) =>
  Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: "EACCES" });

/** The node file system with every file read denied, with synchronous reads or (spread) without them. */
function denyingReads(withSyncReads: boolean): FileSystem {
  const reject = async (path: string): Promise<never> => {
    throw denied(path);
  };
  const fs: FileSystem = { ...nodeFileSystem, readFile: reject, readHead: reject, readText: reject };
  if (!withSyncReads) return fs;
  const refuse = (path: string): never => {
    throw denied(path);
  };
  return Object.assign(fs, {
    readdirSync: node.readdirSync,
    statSync: node.statSync,
    readHeadSync: refuse,
    readFileSync: refuse,
    readTextSync: refuse,
  });
}

describe.each([
  ["synchronous reads", true],
  ["asynchronous reads", false],
])("an unreadable SKILL.md with %s", (_, withSyncReads) => {
  it("is one file-unreadable error naming the path and the code", async () => {
    const fs = denyingReads(withSyncReads);
    expect(syncReads(fs) !== undefined).toBe(withSyncReads);
    const path = await temp.writeSkill("pdf", { name: "pdf", description: "Fill forms." });
    for (const body of [false, true]) {
      const read = await readSkillDocument(path, { fs, mode: "strict", body });
      expect(read.parsed).toBeUndefined();
      expect(read.diagnostics.map((d) => d.code)).toEqual(["file-unreadable"]);
      expect(read.diagnostics[0]?.message).toContain(path);
      expect(read.diagnostics[0]?.message).toContain("EACCES");
    }
  });
});

describe("the synchronous and asynchronous reads", () => {
  it("give the same result on every kind of file, with and without the body", async () => {
    // Its frontmatter runs past the head read, so the whole file is read.
    const late = `${"\n".repeat(10_000)}---\nname: late\ndescription: x\n${"# c\n".repeat(15_000)}---\n`;
    expect(late.length).toBeGreaterThan(SKILL_HEAD_BYTES);
    await temp.write({
      "small/SKILL.md": `${frontmatter("small")}Body.\n`,
      "long/SKILL.md": `${frontmatter("long")}${"Body line.\n".repeat(20_000)}`,
      "nul/SKILL.md": new Uint8Array([...Buffer.from(`${frontmatter("nul")}${"x".repeat(20_000)}`), 0]),
      "latin/SKILL.md": new Uint8Array([...Buffer.from("---\nname: caf"), 0xe9, ...Buffer.from("\n---\n")]),
      "none/SKILL.md": `# Title\n\nFirst paragraph.\n${"y\n".repeat(60_000)}`,
      "late/SKILL.md": late,
      "open/SKILL.md": "---\nname: open\ndescription: x\n",
      "endless/SKILL.md": `---\nname: endless\n${"z: 1\n".repeat(20_000)}`,
      "unopened/SKILL.md": "name: unopened\ndescription: x\n---\nBody\n",
      "crlf/SKILL.md": `\ufeff${frontmatter("crlf").replace(/\n/g, "\r\n")}Body\r\n`,
      "repair/SKILL.md": "---\nname: repair\ndescription: Use when: a PDF arrives\n---\n",
      "huge/SKILL.md": `${frontmatter("huge")}${"x".repeat(8 * 1024 * 1024)}`,
      "empty/SKILL.md": "",
      "folder/SKILL.md/x": "",
    });
    const asynchronous: FileSystem = { ...nodeFileSystem };
    const codes: Record<string, string[]> = {};
    for (const name of [
      "small",
      "long",
      "nul",
      "latin",
      "none",
      "late",
      "open",
      "endless",
      "unopened",
      "crlf",
      "repair",
      "huge",
      "empty",
      "folder",
      "missing",
    ]) {
      const path = temp.join(name, "SKILL.md");
      for (const mode of ["strict", "lenient"] as const) {
        for (const body of [false, true]) {
          const sync = await readSkillDocument(path, { fs: nodeFileSystem, mode, body });
          expect(sync).toEqual(await readSkillDocument(path, { fs: asynchronous, mode, body }));
          if (mode === "strict" && !body) codes[name] = sync.diagnostics.map((d) => d.code);
        }
      }
    }
    expect(codes).toEqual({
      small: [],
      long: [],
      nul: ["file-binary"],
      latin: ["encoding-invalid"],
      none: ["missing-frontmatter"],
      late: [],
      open: ["frontmatter-unterminated"],
      endless: ["frontmatter-too-large"],
      unopened: ["missing-frontmatter"],
      crlf: [],
      repair: ["yaml-invalid"],
      huge: ["file-too-large"],
      empty: ["missing-frontmatter"],
      folder: ["file-not-regular"],
      missing: ["file-not-found"],
    });
  });

  it("decode only the frontmatter when no body is needed", async () => {
    const path = await temp.writeSkill("pdf", { name: "pdf", description: "Fill forms." }, "Body.\n");
    for (const fs of [nodeFileSystem, { ...nodeFileSystem }]) {
      const head = await readSkillDocument(path, { fs, mode: "strict", body: false });
      expect(head.parsed?.document.body).toBe("");
      const whole = await readSkillDocument(path, { fs, mode: "strict", body: true });
      expect(whole.parsed?.document.body).toBe("\nBody.\n");
    }
  });
});
