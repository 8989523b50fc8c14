import { symlink } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { findSkillFiles } from "./find-skill-files.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const denied = (path: string) =>
  Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: "EACCES" });

/**
 * The node file system as is (synchronous listing) and spread into a plain object, which drops its
 * non-enumerable synchronous reads (asynchronous listing): every test runs on both paths.
 */
const readPaths: [string, FileSystem][] = [
  ["synchronous reads", nodeFileSystem],
  ["asynchronous reads", { ...nodeFileSystem }],
];

/** `fs` with folders named `locked` unreadable, on whichever listing it offers. */
function lockingFolders(fs: FileSystem): FileSystem {
  const locked = (path: string) => path.endsWith("locked");
  const wrapped: FileSystem = {
    ...fs,
    readdir: async (path) => {
      if (locked(path)) throw denied(path);
      return fs.readdir(path);
    },
  };
  const sync = syncReads(fs);
  if (sync) {
    Object.assign(wrapped, {
      readdirSync: (path: string) => {
        if (locked(path)) throw denied(path);
        return sync.readdirSync(path);
      },
      statSync: sync.statSync,
      readHeadSync: sync.readHeadSync,
      readFileSync: sync.readFileSync,
      readTextSync: sync.readTextSync,
    });
  }
  return wrapped;
}

it("the two file systems take the two read paths", () => {
  expect(syncReads(nodeFileSystem)).toBeDefined();
  expect(syncReads({ ...nodeFileSystem })).toBeUndefined();
  expect(syncReads(lockingFolders(nodeFileSystem))).toBeDefined();
});

describe.each(readPaths)("findSkillFiles with %s", (_, fs) => {
  it("finds skills in hidden folders and the path itself, skipping .git and node_modules", async () => {
    await temp.writeSkill(".", { name: "root" });
    await temp.writeSkill(".agents/skills/pdf", { name: "pdf" });
    await temp.writeSkill("a/b/c/deep", { name: "deep" });
    await temp.writeSkill(".git/x", { name: "x" });
    await temp.writeSkill("node_modules/dep", { name: "dep" });
    await temp.write({
      "lower/skill.md": "---\nname: lower\n---\n",
      "both/SKILL.md": "",
      "both/skill.md": "",
    });
    const found = await findSkillFiles(temp.path, { fs });
    expect(found).toEqual({
      files: [
        temp.join(".agents/skills/pdf/SKILL.md"),
        temp.join("SKILL.md"),
        temp.join("a/b/c/deep/SKILL.md"),
        temp.join("both/SKILL.md"),
        temp.join("lower/skill.md"),
      ],
      diagnostics: [],
    });
  });

  it("reports an unreadable folder as a warning and searches the rest", async () => {
    await temp.writeSkill("ok", { name: "ok" });
    await temp.writeSkill("locked/inside", { name: "inside" });
    const found = await findSkillFiles(temp.path, { fs: lockingFolders(fs) });
    expect(found.files).toEqual([temp.join("ok/SKILL.md")]);
    expect(found.diagnostics).toHaveLength(1);
    expect(found.diagnostics[0]).toMatchObject({
      severity: "warning",
      code: "folder-unreadable",
      path: temp.join("locked"),
    });
    expect(found.diagnostics[0]?.message).toContain("EACCES");
  });

  it("follows folder links once per real path, through loops and dangling links", async () => {
    await temp.writeSkill("skills/pdf", { name: "pdf" });
    await symlink(temp.join("skills"), temp.join("skills/pdf/loop"));
    await symlink(temp.join("skills/pdf"), temp.join("alias"));
    await symlink(temp.join("missing"), temp.join("dangling"));
    const found = await findSkillFiles(temp.path, { fs });
    expect(found).toEqual({ files: [temp.join("alias/SKILL.md")], diagnostics: [] });
  });

  it("stops at its limits with one warning", async () => {
    await temp.writeSkill("a/b/c", { name: "c" });
    await temp.writeSkill("a/top", { name: "top" });
    const shallow = await findSkillFiles(temp.path, { fs, maxDepth: 2 });
    expect(shallow.files).toEqual([temp.join("a/top/SKILL.md")]);
    expect(shallow.diagnostics.map((d) => d.code)).toEqual(["search-limit"]);
    const few = await findSkillFiles(temp.path, { fs, maxDirectories: 2 });
    expect(few.files).toEqual([]);
    expect(few.diagnostics.map((d) => d.code)).toEqual(["search-limit"]);
  });

  it("builds the same paths as path.join from a path with a trailing separator", async () => {
    await temp.writeSkill("x/y", { name: "y" });
    const found = await findSkillFiles(`${temp.path}/`, { fs });
    expect(found.files).toEqual([temp.join("x/y/SKILL.md")]);
  });
});
