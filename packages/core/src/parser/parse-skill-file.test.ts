import { chmod, symlink } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { MAX_SKILL_FILE_BYTES, SKILL_HEAD_BYTES } from "./parse-limits.js";
import { parseSkillFile, parseSkillFileSync, parseSkillFileWithStatSync } from "./parse-skill-file.js";
import { readSkillBody } from "./read-skill-body.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

/** A file system that records every call, to check what parseSkillFile touches. */
function recording(): { fs: FileSystem; calls: string[] } {
  const calls: string[] = [];
  const fs = new Proxy(nodeFileSystem, {
    get(target, key: keyof FileSystem) {
      const method = target[key] as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        calls.push(
          `${String(key)} ${String(args[0]).slice(temp.path.length)}${args[1] === undefined ? "" : ` ${String(args[1])}`}`,
        );
        return method.apply(target, args);
      };
    },
  });
  return { fs, calls };
}

describe("parseSkillFile", () => {
  it("reads a skill with its stat, body line and Codex metadata", async () => {
    const path = await temp.writeSkill("gh-fix-ci", { name: "gh-fix-ci", description: "Fix CI." }, "# Fix\n");
    await temp.write({ "gh-fix-ci/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n" });
    const { skill, diagnostics } = await parseSkillFile(path);
    expect(diagnostics).toEqual([]);
    expect(skill).toMatchObject({
      name: "gh-fix-ci",
      description: "Fix CI.",
      path,
      dir: temp.join("gh-fix-ci"),
      bodyLine: 5,
      openai: { policy: { allowImplicitInvocation: false } },
      invocation: { model: false, user: true },
    });
    expect(skill?.size).toBeGreaterThan(0);
    expect(skill?.mtimeMs).toBeGreaterThan(0);
  });

  it("adds openai.yaml warnings to the skill without blocking it", async () => {
    const path = await temp.writeSkill("a", { name: "a", description: "A." });
    await temp.write({ "a/agents/openai.yaml": "interface: [broken" });
    const { skill, diagnostics } = await parseSkillFile(path);
    expect(skill?.openai).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(["openai-yaml-invalid"]);
    expect(skill?.diagnostics).toBe(diagnostics);
  });

  it("does one stat and one read, and skips the openai.yaml probe when told there is no agents folder", async () => {
    const path = await temp.writeSkill("a", { name: "a", description: "A." });
    const probing = recording();
    await parseSkillFile(path, { fs: probing.fs, linkChecked: true });
    expect(probing.calls.sort()).toEqual([
      "readFile /a/SKILL.md",
      "readHead /a/agents/openai.yaml 65537",
      "stat /a/SKILL.md",
    ]);
    const hinted = recording();
    await parseSkillFile(path, {
      fs: hinted.fs,
      hasAgentsDir: false,
      stat: await nodeFileSystem.stat(path),
      linkChecked: true,
    });
    expect(hinted.calls).toEqual(["readFile /a/SKILL.md"]);
  });

  it("turns a missing file, a folder and an unreadable file into error diagnostics", async () => {
    await temp.write({ "dir/SKILL.md/inner.txt": "", "locked/SKILL.md": "---\nname: x\n---\n" });
    const missing = await parseSkillFile(temp.join("nope/SKILL.md"));
    expect(missing).toEqual({
      diagnostics: [
        expect.objectContaining({
          severity: "error",
          code: "file-not-found",
          path: temp.join("nope/SKILL.md"),
        }),
      ],
    });
    expect(missing.diagnostics[0]?.message).toContain(temp.join("nope/SKILL.md"));
    const folder = await parseSkillFile(temp.join("dir/SKILL.md"));
    expect(folder.diagnostics).toEqual([expect.objectContaining({ code: "file-not-regular" })]);
    await symlink(temp.join("loop/SKILL.md"), temp.join("loop-link"));
    await temp.write({ "loop/.keep": "" });
    await symlink(temp.join("loop-link"), temp.join("loop/SKILL.md"));
    expect((await parseSkillFile(temp.join("loop/SKILL.md"))).diagnostics).toEqual([
      expect.objectContaining({ code: "file-unreadable" }),
    ]);
    if (process.getuid?.() !== 0) {
      await chmod(temp.join("locked/SKILL.md"), 0o000);
      expect((await parseSkillFile(temp.join("locked/SKILL.md"))).diagnostics).toEqual([
        expect.objectContaining({ code: "file-unreadable" }),
      ]);
    }
  });

  it("refuses a binary or non-UTF-8 file", async () => {
    await temp.write({
      "bin/SKILL.md": new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0x00]),
      "latin/SKILL.md": new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0x0a]),
    });
    expect((await parseSkillFile(temp.join("bin/SKILL.md"))).diagnostics).toEqual([
      expect.objectContaining({ code: "file-binary", line: 2 }),
    ]);
    expect((await parseSkillFile(temp.join("latin/SKILL.md"))).diagnostics).toEqual([
      expect.objectContaining({ code: "encoding-invalid", line: 2 }),
    ]);
  });

  it("refuses bad bytes in the body too, though discovery decodes only the frontmatter", async () => {
    const head = new TextEncoder().encode(`---\nname: a\ndescription: A.\n---\n${"Body.\n".repeat(1000)}`);
    await temp.write({
      "nul/SKILL.md": new Uint8Array([...head, 0x00, 0x0a]),
      "latin/SKILL.md": new Uint8Array([...head, 0xe9, 0x0a]),
    });
    for (const parse of [parseSkillFile, async (path: string) => parseSkillFileSync(path)]) {
      expect((await parse(temp.join("nul/SKILL.md"))).diagnostics).toEqual([
        expect.objectContaining({ code: "file-binary", line: 1005 }),
      ]);
      expect((await parse(temp.join("latin/SKILL.md"))).diagnostics).toEqual([
        expect.objectContaining({ code: "encoding-invalid", line: 1005 }),
      ]);
    }
  });

  it("reads synchronously with one open, or one read given the stat and no agents folder", async () => {
    const path = await temp.writeSkill("a", { name: "a", description: "A." });
    const probing = recording();
    const sync = parseSkillFileWithStatSync(path, {
      fs: probing.fs as FileSystem & SyncFileReads,
      linkChecked: true,
    });
    expect(sync.result).toEqual(await parseSkillFile(path));
    expect(sync.stat).toEqual(await nodeFileSystem.stat(path));
    expect(probing.calls.sort()).toEqual([
      "readHeadSync /a/agents/openai.yaml 65537",
      `readHeadWithStatSync /a/SKILL.md ${SKILL_HEAD_BYTES}`,
    ]);
    // A file system without the combined read (a wrapper that leaves it out): a stat, then a read.
    const node = nodeFileSystem as FileSystem & SyncFileReads;
    const calls: string[] = [];
    const record = (name: string, file: string) => calls.push(`${name} ${file.slice(temp.path.length)}`);
    const plain: FileSystem & SyncFileReads = {
      ...nodeFileSystem,
      readdirSync: node.readdirSync,
      readHeadSync: node.readHeadSync,
      readTextSync: node.readTextSync,
      statSync(file) {
        record("statSync", file);
        return node.statSync(file);
      },
      readFileSync(file) {
        record("readFileSync", file);
        return node.readFileSync(file);
      },
    };
    expect(parseSkillFileSync(path, { fs: plain, hasAgentsDir: false })).toEqual(sync.result);
    expect(calls).toEqual(["statSync /a/SKILL.md", "readFileSync /a/SKILL.md"]);
    const hinted = recording();
    const stat = await nodeFileSystem.stat(path);
    parseSkillFileSync(path, {
      fs: hinted.fs as FileSystem & SyncFileReads,
      hasAgentsDir: false,
      stat,
      linkChecked: true,
    });
    expect(hinted.calls).toEqual(["readFileSync /a/SKILL.md"]);
  });

  it("parses a head read beforehand without reading the file again", async () => {
    const path = await temp.writeSkill("a", { name: "a", description: "A." });
    const node = nodeFileSystem as FileSystem & SyncFileReads;
    const head = node.readHeadWithStatSync!(path, SKILL_HEAD_BYTES);
    const probing = recording();
    const fs = probing.fs as FileSystem & SyncFileReads;
    const parsed = parseSkillFileWithStatSync(path, { fs, head, hasAgentsDir: false, linkChecked: true });
    expect(parsed).toEqual({ result: parseSkillFileSync(path), stat: head.stat });
    expect(probing.calls).toEqual([]);
  });

  it("refuses a file over 8 MiB by its stat, without reading it", async () => {
    await temp.write({ "big/SKILL.md": new Uint8Array(MAX_SKILL_FILE_BYTES + 1).fill(0x61) });
    const { fs, calls } = recording();
    const started = performance.now();
    const result = await parseSkillFile(temp.join("big/SKILL.md"), {
      fs,
      hasAgentsDir: false,
      linkChecked: true,
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "file-too-large" }),
    ]);
    expect(calls).toEqual(["stat /big/SKILL.md"]);
  });

  it("reads only the head of a large file, and refuses a frontmatter over 64 KiB quickly", async () => {
    const body = "x".repeat(2_000_000);
    const large = `---\nname: large\ndescription: Big body.\n---\n${body}`;
    await temp.write({
      "large/SKILL.md": large,
      "huge-fm/SKILL.md": `---\nname: h\ndescription: ${"y".repeat(70_000)}\n---\n${body}`,
      "late/SKILL.md": `${"\n".repeat(60_000)}---\nname: late\ndescription: After blank lines.\n---\n${body}`,
    });
    const { fs, calls } = recording();
    const parsed = await parseSkillFile(temp.join("large/SKILL.md"), {
      fs,
      hasAgentsDir: false,
      linkChecked: true,
    });
    expect(parsed.skill).toMatchObject({ name: "large", size: large.length });
    expect(calls).toEqual(["stat /large/SKILL.md", "readHead /large/SKILL.md 69632"]);
    const started = performance.now();
    const huge = await parseSkillFile(temp.join("huge-fm/SKILL.md"), { hasAgentsDir: false });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(huge.diagnostics).toEqual([expect.objectContaining({ code: "frontmatter-too-large", line: 1 })]);
    // A legal frontmatter pushed past the head by blank lines is still found.
    expect((await parseSkillFile(temp.join("late/SKILL.md"), { hasAgentsDir: false })).skill?.name).toBe(
      "late",
    );
  });

  it("parses strictly on request", async () => {
    await temp.write({ "x/SKILL.md": "# No frontmatter\n\nText.\n" });
    expect((await parseSkillFile(temp.join("x/SKILL.md"), { mode: "strict" })).diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "missing-frontmatter" }),
    ]);
  });
});

describe("readSkillBody", () => {
  it("returns the body without frontmatter, or the whole text without one", async () => {
    await temp.write({
      "a/SKILL.md": "\uFEFF---\r\nname: a\r\n---\r\n# A\r\nBody\r\n",
      "b/SKILL.md": "# B\n\nText\n",
      "c/SKILL.md": "name: c\ndescription: d\n---\n# C\n",
    });
    expect(await readSkillBody(temp.join("a/SKILL.md"))).toBe("# A\r\nBody\r\n");
    expect(await readSkillBody(temp.join("b/SKILL.md"))).toBe("# B\n\nText\n");
    expect(await readSkillBody(temp.join("c/SKILL.md"))).toBe("# C\n");
  });

  it("throws a SkillsetError with the parser's code when it cannot", async () => {
    await temp.write({ "open/SKILL.md": "---\nname: x\n" });
    for (const [path, code] of [
      [temp.join("open/SKILL.md"), "frontmatter-unterminated"],
      [temp.join("missing/SKILL.md"), "file-not-found"],
    ] as const) {
      const error = await readSkillBody(path).catch((e: unknown) => e);
      expect(SkillsetError.isInstance(error), String(error)).toBe(true);
      expect(error).toMatchObject({ code, path });
    }
  });
});
