import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { readSkillBody } from "./read-skill-body.js";
import { readSkillText, readSkillTextSync } from "./read-skill-text.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const skill = "---\nname: a\ndescription: Use when testing.\n---\nBody.\n";
const posix = process.platform !== "win32";

/** Both ways of reading: asynchronous and synchronous. */
const readers: [string, typeof readSkillText][] = [
  ["async", readSkillText],
  ["sync", async (path, options) => readSkillTextSync(path, options as { fs?: FileSystem & SyncFileReads })],
];

describe.each(readers)("the one SKILL.md reader (%s)", (_, read) => {
  it("reads a SKILL.md linked to another SKILL.md, and refuses a link to any other file", async () => {
    await temp.write({
      "store/real/SKILL.md": skill,
      "home/.aws/credentials": "aws_secret_access_key = S\n",
    });
    mkdirSync(temp.join("a"));
    mkdirSync(temp.join("b"));
    symlinkSync(temp.join("store/real/SKILL.md"), temp.join("a/SKILL.md"));
    symlinkSync(temp.join("home/.aws/credentials"), temp.join("b/SKILL.md"));
    expect(await read(temp.join("a/SKILL.md"), { body: true })).toMatchObject({ ok: true });
    const refused = await read(temp.join("b/SKILL.md"), { body: true });
    expect(refused).toMatchObject({ ok: false, diagnostic: { code: "link-refused", severity: "error" } });
    if (!refused.ok) {
      expect(refused.diagnostic.message).toContain(temp.join("b/SKILL.md"));
      expect(refused.diagnostic.message).toContain(temp.join("home/.aws/credentials"));
      expect(refused.diagnostic.message).not.toContain("aws_secret_access_key");
    }
  });

  it.skipIf(!posix)(
    "refuses a FIFO without blocking, and names what it is (needs mkfifo: skipped on Windows)",
    async () => {
      mkdirSync(temp.join("p"));
      execFileSync("mkfifo", [temp.join("p/SKILL.md")]);
      for (const body of [false, true]) {
        const result = await read(temp.join("p/SKILL.md"), { body });
        expect(result).toMatchObject({ ok: false, diagnostic: { code: "file-not-regular" } });
        if (!result.ok) expect(result.diagnostic.message).toContain("FIFO");
      }
      // Even when the caller vouches for the link and passes a stale stat of a regular file.
      const stale = { ...(await nodeFileSystem.stat(temp.path)), isFile: true, isDirectory: false };
      const result = await read(temp.join("p/SKILL.md"), { linkChecked: true, stat: stale });
      expect(result).toMatchObject({ ok: false, diagnostic: { code: "file-not-regular" } });
    },
  );

  it("names a folder and a missing file with the one set of codes", async () => {
    mkdirSync(temp.join("d/SKILL.md"), { recursive: true });
    expect(await read(temp.join("d/SKILL.md"))).toMatchObject({ diagnostic: { code: "file-not-regular" } });
    expect(await read(temp.join("none/SKILL.md"))).toMatchObject({ diagnostic: { code: "file-not-found" } });
  });

  it("reads a file with CR-only line endings", async () => {
    await temp.write({ "cr/SKILL.md": skill.replaceAll("\n", "\r") });
    const result = await read(temp.join("cr/SKILL.md"), { body: true });
    expect(result).toMatchObject({ ok: true, split: { kind: "frontmatter", body: "Body.\n" } });
  });
});

describe("readSkillBody", () => {
  it("reads the body by the same rules: a link to another file is refused", async () => {
    await temp.write({ "store/x.txt": "secret" });
    mkdirSync(temp.join("s"));
    symlinkSync(temp.join("store/x.txt"), temp.join("s/SKILL.md"));
    await expect(readSkillBody(temp.join("s/SKILL.md"))).rejects.toMatchObject({ code: "link-refused" });
  });
});
