import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WalkLimits } from "../config/config-schema.js";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Root } from "../roots/root.js";
import { corpusDir, listSkillFiles, NEEDS_CORPUS } from "../test/corpus.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { type WalkOptions, walkRoot } from "./index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-walk-");
});
afterEach(() => temp.cleanup());

const roomy: WalkLimits = { maxDepth: 6, maxDirectories: 2000, maxEntries: 20000 };

function rootAt(relative: string, extra: Partial<Root> = {}): Root {
  return {
    path: temp.join(relative),
    scope: "repo",
    provider: "agents",
    distance: 0,
    followLinks: true,
    ...extra,
  };
}

async function walk(relative: string, options: Partial<WalkOptions> & { root?: Partial<Root> } = {}) {
  const { root, ...rest } = options;
  const result = await walkRoot(rootAt(relative, root), { limits: roomy, ...rest });
  const rel = (path: string) => (path.startsWith(temp.path) ? path.slice(temp.path.length + 1) : path);
  return {
    ...result,
    paths: result.files.map((file) => rel(file.path)),
    codes: result.diagnostics.map((found) => `${found.code} ${rel(found.path)}`),
  };
}

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\nBody.\n`;

describe("walkRoot", () => {
  it("finds skills breadth-first, sorted by name at each level, nested skills included", async () => {
    await temp.write({
      "root/zeta/SKILL.md": skill("zeta"),
      "root/alpha/SKILL.md": skill("alpha"),
      "root/group/inner/SKILL.md": skill("inner"),
      "root/group/README.md": "not a skill",
      "root/alpha/child/SKILL.md": skill("child"),
      "root/alpha/notes.md": "",
    });
    const result = await walk("root");
    expect(result.paths).toEqual([
      "root/alpha/SKILL.md",
      "root/zeta/SKILL.md",
      "root/alpha/child/SKILL.md",
      "root/group/inner/SKILL.md",
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(result.directories).toBe(6);
    const first = result.files[0];
    expect(first).toMatchObject({
      realPath: temp.join("root/alpha/SKILL.md"),
      dir: temp.join("root/alpha"),
      lowercase: false,
    });
    expect(first?.root.path).toBe(temp.join("root"));
  });

  it("gives the same result whatever the concurrency", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`root/g${i % 5}/s${i}/SKILL.md`] = skill(`s${i}`);
    await temp.write(files);
    const one = await walk("root", { concurrency: 1 });
    const many = await walk("root", { concurrency: 64 });
    expect(many.paths).toEqual(one.paths);
    expect(one.paths).toHaveLength(40);
  });

  it("treats a root that holds SKILL.md as a skill", async () => {
    await temp.write({ "single/SKILL.md": skill("single"), "single/scripts/x/SKILL.md": skill("x") });
    expect((await walk("single")).paths).toEqual(["single/SKILL.md"]);
  });

  it("yields nothing, and no diagnostics, for a missing root", async () => {
    const result = await walk("missing/skills");
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    expect(result.directories).toBe(0);
  });

  it("warns when the root is a file", async () => {
    await temp.write({ "file-root": "x" });
    expect((await walk("file-root")).codes).toEqual(["root-not-a-directory file-root"]);
  });

  it("skips hidden folders and node_modules below the root, but walks a hidden root", async () => {
    await temp.write({
      ".agents/skills/ok/SKILL.md": skill("ok"),
      ".agents/skills/.cache/SKILL.md": skill("cached"),
      ".agents/skills/.hidden/deep/SKILL.md": skill("deep"),
      ".agents/skills/node_modules/pkg/SKILL.md": skill("pkg"),
      ".agents/skills/ok/node_modules/dep/SKILL.md": skill("dep"),
    });
    expect((await walk(".agents/skills")).paths).toEqual([".agents/skills/ok/SKILL.md"]);
  });

  it("does not search a skill's scripts/, references/ and assets/ for more skills", async () => {
    await temp.write({
      "root/tool/SKILL.md": skill("tool"),
      "root/tool/scripts/a/SKILL.md": skill("a"),
      "root/tool/references/SKILL.md": skill("b"),
      "root/tool/assets/c/SKILL.md": skill("c"),
      "root/tool/variants/d/SKILL.md": skill("d"),
      // Outside a skill, these names are ordinary folders.
      "root/scripts/e/SKILL.md": skill("e"),
    });
    expect((await walk("root")).paths).toEqual([
      "root/tool/SKILL.md",
      "root/scripts/e/SKILL.md",
      "root/tool/variants/d/SKILL.md",
    ]);
  });
});

describe("walk limits", () => {
  it("stops below maxDepth with one walk-limit warning naming the config key", async () => {
    await temp.write({
      "root/a/SKILL.md": skill("a"),
      "root/x/b/SKILL.md": skill("b"),
      "root/x/y/c/SKILL.md": skill("c"),
      "root/x/y/z/d/SKILL.md": skill("d"),
    });
    const result = await walk("root", { limits: { ...roomy, maxDepth: 2 } });
    expect(result.paths).toEqual(["root/a/SKILL.md", "root/x/b/SKILL.md"]);
    expect(result.codes).toEqual(["walk-limit root"]);
    expect(result.diagnostics[0]?.severity).toBe("warning");
    expect(result.diagnostics[0]?.message).toContain("discovery.limits.maxDepth");
    expect(result.diagnostics[0]?.message).toContain(temp.join("root"));
    const exact = await walk("root", { limits: { ...roomy, maxDepth: 4 } });
    expect(exact.paths).toHaveLength(4);
    expect(exact.diagnostics).toEqual([]);
  });

  it("reads at most maxDirectories folders", async () => {
    await temp.write({
      "root/a/SKILL.md": skill("a"),
      "root/b/SKILL.md": skill("b"),
      "root/c/SKILL.md": skill("c"),
      "root/d/SKILL.md": skill("d"),
    });
    const result = await walk("root", { limits: { ...roomy, maxDirectories: 3 } });
    expect(result.paths).toEqual(["root/a/SKILL.md", "root/b/SKILL.md"]);
    expect(result.directories).toBe(3);
    expect(result.codes).toEqual(["walk-limit root"]);
    expect(result.diagnostics[0]?.message).toContain("discovery.limits.maxDirectories");
    expect((await walk("root", { limits: { ...roomy, maxDirectories: 5 } })).diagnostics).toEqual([]);
  });

  it("reads at most maxEntries directory entries", async () => {
    await temp.write({
      "root/a/SKILL.md": skill("a"),
      "root/a/notes.md": "",
      "root/b/SKILL.md": skill("b"),
      "root/c/SKILL.md": skill("c"),
    });
    // Root: 3 entries; a: 2; b: 1; c: 1.
    const result = await walk("root", { limits: { ...roomy, maxEntries: 6 } });
    expect(result.paths).toEqual(["root/a/SKILL.md", "root/b/SKILL.md"]);
    expect(result.codes).toEqual(["walk-limit root"]);
    expect(result.diagnostics[0]?.message).toContain("discovery.limits.maxEntries");
    expect((await walk("root", { limits: { ...roomy, maxEntries: 7 } })).paths).toHaveLength(3);
  });
});

describe("skill files", () => {
  it("accepts a lowercase skill.md with a warning, and prefers SKILL.md when both exist", async () => {
    await temp.write({ "root/low/skill.md": skill("low"), "root/both/SKILL.md": skill("both") });
    writeFileSync(temp.join("root/both/skill.md"), skill("both-lower"));
    const caseSensitive = readdirSync(temp.join("root/both")).length === 2;
    const result = await walk("root");
    expect(result.paths).toEqual(["root/both/SKILL.md", "root/low/skill.md"]);
    expect(result.files.map((file) => file.lowercase)).toEqual([false, true]);
    expect(result.codes).toEqual(["lowercase-skill-file root/low/skill.md"]);
    if (caseSensitive) expect(result.files[0]?.realPath).toBe(temp.join("root/both/SKILL.md"));
  });

  it("reports a Skill.md in another letter case (not read) instead of passing the folder over", async () => {
    await temp.write({ "root/mixed/Skill.md": skill("mixed"), "root/upper/SKILL.MD": skill("upper") });
    await temp.write({ "root/fine/SKILL.md": skill("fine") });
    const result = await walk("root");
    expect(result.paths).toEqual(["root/fine/SKILL.md"]);
    expect(result.codes).toEqual([
      "skill-file-case root/mixed/Skill.md",
      "skill-file-case root/upper/SKILL.MD",
    ]);
    expect(result.diagnostics[0]?.message).toContain("is named Skill.md; a skill's file is SKILL.md");
    expect(result.diagnostics[0]?.message).toContain("Rename it to SKILL.md.");
  });

  it("warns when SKILL.md is a folder", async () => {
    await temp.write({ "root/odd/SKILL.md/inner.md": "", "root/fine/SKILL.md": skill("fine") });
    const result = await walk("root");
    expect(result.paths).toEqual(["root/fine/SKILL.md"]);
    expect(result.codes).toEqual(["file-not-regular root/odd/SKILL.md"]);
  });
});

describe("symbolic links", () => {
  it("follows a linked SKILL.md to another SKILL.md and identifies it by its real path", async () => {
    await temp.write({ "store/linked/skill.md": skill("linked") });
    mkdirSync(temp.join("root/linked"), { recursive: true });
    symlinkSync(temp.join("store/linked/skill.md"), temp.join("root/linked/SKILL.md"));
    const result = await walk("root");
    expect(result.paths).toEqual(["root/linked/SKILL.md"]);
    expect(result.files[0]?.realPath).toBe(temp.join("store/linked/skill.md"));
  });

  it("refuses a SKILL.md linked to any other file (a credentials file), naming link and target", async () => {
    await temp.write({ "home/.aws/credentials": "[default]\naws_secret_access_key = SECRET\n" });
    mkdirSync(temp.join("root/aws-helper"), { recursive: true });
    symlinkSync(temp.join("home/.aws/credentials"), temp.join("root/aws-helper/SKILL.md"));
    const result = await walk("root");
    expect(result.paths).toEqual([]);
    expect(result.codes).toEqual(["link-refused root/aws-helper/SKILL.md"]);
    expect(result.diagnostics[0]?.message).toContain(temp.join("home/.aws/credentials"));
    expect(result.diagnostics[0]?.severity).toBe("error");
  });

  it("diagnoses a SKILL.md link that loops on itself", async () => {
    mkdirSync(temp.join("root/loop"), { recursive: true });
    symlinkSync("SKILL.md", temp.join("root/loop/SKILL.md"));
    const result = await walk("root");
    expect(result.codes).toEqual(["symlink-cycle root/loop/SKILL.md"]);
    expect(result.diagnostics[0]?.severity).toBe("warning");
  });

  it("names a FIFO at SKILL.md, never opening it", async () => {
    if (process.platform === "win32") return;
    mkdirSync(temp.join("root/pipe"), { recursive: true });
    execFileSync("mkfifo", [temp.join("root/pipe/SKILL.md")]);
    const result = await walk("root");
    expect(result.codes).toEqual(["file-not-regular root/pipe/SKILL.md"]);
    expect(result.diagnostics[0]?.message).toContain("FIFO");
    expect(result.diagnostics[0]?.message).not.toContain("folder");
  });

  it("with link areas, follows no link that leads out of them", async () => {
    await temp.write({ "outside/one/SKILL.md": skill("one"), "root/in/SKILL.md": skill("in") });
    symlinkSync(temp.join("outside"), temp.join("root/shared"));
    mkdirSync(temp.join("root/file"));
    symlinkSync(temp.join("outside/one/SKILL.md"), temp.join("root/file/SKILL.md"));
    symlinkSync(temp.join("root/in"), temp.join("root/alias"));
    const result = await walk("root", { linkAreas: [temp.join("root")] });
    // Breadth-first and by name: the alias inside the root is reached first.
    expect(result.paths).toEqual(["root/alias/SKILL.md"]);
    expect(result.codes.sort()).toEqual([
      "link-leaves-roots root/file/SKILL.md",
      "link-leaves-roots root/shared",
    ]);
    const allowed = await walk("root", { linkAreas: [temp.join("root"), temp.join("outside")] });
    expect(allowed.files.map((file) => file.realPath).sort()).toEqual([
      temp.join("outside/one/SKILL.md"),
      temp.join("root/in/SKILL.md"),
    ]);
  });

  it("follows a link to a folder outside the root, still bounded by the limits", async () => {
    await temp.write({ "outside/one/SKILL.md": skill("one"), "outside/two/deep/SKILL.md": skill("two") });
    mkdirSync(temp.join("root"));
    symlinkSync(temp.join("outside"), temp.join("root/shared"));
    const result = await walk("root");
    expect(result.paths).toEqual(["root/shared/one/SKILL.md", "root/shared/two/deep/SKILL.md"]);
    expect(result.files[0]?.realPath).toBe(temp.join("outside/one/SKILL.md"));
    const bounded = await walk("root", { limits: { ...roomy, maxDepth: 2 } });
    expect(bounded.paths).toEqual(["root/shared/one/SKILL.md"]);
    expect(bounded.codes).toEqual(["walk-limit root"]);
  });

  it("survives a link loop, with one info diagnostic", async () => {
    await temp.write({ "root/a/SKILL.md": skill("a") });
    symlinkSync(temp.join("root"), temp.join("root/a/up"));
    symlinkSync("self", temp.join("root/self"));
    const result = await walk("root");
    expect(result.paths).toEqual(["root/a/SKILL.md"]);
    expect(result.codes.sort()).toEqual(["symlink-cycle root/a/up", "symlink-cycle root/self"]);
    expect(result.diagnostics.every((found) => found.severity === "info")).toBe(true);
  });

  it("returns a file reached twice (through a link) once", async () => {
    await temp.write({ "root/real/SKILL.md": skill("real"), "root/group/x.md": "" });
    symlinkSync(temp.join("root/real"), temp.join("root/group/alias"));
    symlinkSync(temp.join("root/real/SKILL.md"), temp.join("root/group/SKILL.md"));
    const result = await walk("root");
    expect(result.files.map((file) => file.realPath)).toEqual([temp.join("root/real/SKILL.md")]);
    expect(result.diagnostics).toEqual([]);
  });

  it("returns once a file and a folder met before the first link and reached again through links", async () => {
    // `a` is searched before any link is met; `b` then links back to its folder and to its SKILL.md.
    await temp.write({ "root/a/SKILL.md": skill("a"), "root/b/x.md": "", "root/c/d/x.md": "" });
    symlinkSync(temp.join("root/a/SKILL.md"), temp.join("root/b/SKILL.md"));
    symlinkSync(temp.join("root/a"), temp.join("root/c/d/again"));
    const result = await walk("root");
    expect(result.files.map((file) => file.realPath)).toEqual([temp.join("root/a/SKILL.md")]);
    expect(result.paths).toEqual(["root/a/SKILL.md"]);
    expect(result.diagnostics).toEqual([]);
  });

  it("warns about a dangling link", async () => {
    await temp.write({ "root/ok/SKILL.md": skill("ok") });
    mkdirSync(temp.join("root/broken"));
    symlinkSync(temp.join("nowhere"), temp.join("root/gone"));
    symlinkSync(temp.join("nowhere.md"), temp.join("root/broken/SKILL.md"));
    const result = await walk("root");
    expect(result.paths).toEqual(["root/ok/SKILL.md"]);
    // Breadth-first: the root's own entries come first.
    expect(result.codes).toEqual(["dangling-link root/gone", "dangling-link root/broken/SKILL.md"]);
  });

  it("follows no link when the root says so (the system scope)", async () => {
    await temp.write({ "outside/one/SKILL.md": skill("one"), "store/s.md": skill("s") });
    mkdirSync(temp.join("root/s"), { recursive: true });
    symlinkSync(temp.join("outside"), temp.join("root/shared"));
    symlinkSync(temp.join("store/s.md"), temp.join("root/s/SKILL.md"));
    const result = await walk("root", { root: { followLinks: false, scope: "system", provider: "system" } });
    expect(result.paths).toEqual([]);
    expect(result.codes).toEqual(["link-not-followed root/s/SKILL.md"]);
  });
});

describe("unreadable folders", () => {
  const denied = (dir: string) =>
    Object.assign(new Error(`EACCES: permission denied, scandir '${dir}'`), { code: "EACCES" });

  /**
   * A file system that refuses to list one folder, as EACCES does for another user's folder: async only
   * (a spread of the node file system does not inherit its sync reads), or with sync reads that refuse too.
   */
  function refusing(path: string, reads: "async" | "sync"): FileSystem {
    const fs: FileSystem = {
      ...nodeFileSystem,
      readdir: (dir) => (dir === path ? Promise.reject(denied(dir)) : nodeFileSystem.readdir(dir)),
    };
    if (reads === "async") return fs;
    const node = nodeFileSystem as FileSystem & SyncFileReads;
    return {
      ...fs,
      statSync: node.statSync,
      readHeadSync: node.readHeadSync,
      readFileSync: node.readFileSync,
      readTextSync: node.readTextSync,
      readdirSync: (dir) => {
        if (dir === path) throw denied(dir);
        return node.readdirSync(dir);
      },
    };
  }

  it.each(["async", "sync"] as const)(
    "warns about a folder it cannot read and still finds everything else (%s reads)",
    async (reads) => {
      await temp.write({
        "root/a/SKILL.md": skill("a"),
        "root/locked/b/SKILL.md": skill("b"),
        "root/z/SKILL.md": skill("z"),
      });
      const result = await walk("root", { fs: refusing(temp.join("root/locked"), reads) });
      expect(result.paths).toEqual(["root/a/SKILL.md", "root/z/SKILL.md"]);
      expect(result.codes).toEqual(["unreadable-directory root/locked"]);
      expect(result.diagnostics[0]?.message).toContain("EACCES");
    },
  );

  it.each(["async", "sync"] as const)("warns about an unreadable root (%s reads)", async (reads) => {
    await temp.write({ "root/a/SKILL.md": skill("a") });
    const result = await walk("root", { fs: refusing(temp.join("root"), reads) });
    expect(result.files).toEqual([]);
    expect(result.codes).toEqual(["unreadable-directory root"]);
  });

  const isRoot = process.getuid?.() === 0;
  it.skipIf(isRoot || process.platform === "win32")(
    "warns about a chmod 000 folder on the real disk",
    async () => {
      await temp.write({ "root/a/SKILL.md": skill("a"), "root/locked/b/SKILL.md": skill("b") });
      chmodSync(temp.join("root/locked"), 0o000);
      try {
        const result = await walk("root");
        expect(result.paths).toEqual(["root/a/SKILL.md"]);
        expect(result.codes).toEqual(["unreadable-directory root/locked"]);
      } finally {
        chmodSync(temp.join("root/locked"), 0o755);
      }
    },
  );
});

describe("synchronous and asynchronous reads", () => {
  it("give the same walk, links, limits and odd files included", async () => {
    await temp.write({
      "root/zeta/SKILL.md": skill("zeta"),
      "root/alpha/SKILL.md": skill("alpha"),
      "root/alpha/scripts/hidden/SKILL.md": skill("hidden"),
      "root/alpha/nested/SKILL.md": skill("nested"),
      "root/lower/skill.md": skill("lower"),
      "root/folder/SKILL.md/x.txt": "",
      "root/.hidden/h/SKILL.md": skill("h"),
      "root/node_modules/n/SKILL.md": skill("n"),
      "root/deep/a/b/c/d/e/f/g/SKILL.md": skill("g"),
      "elsewhere/linked/SKILL.md": skill("linked"),
    });
    symlinkSync(temp.join("elsewhere"), temp.join("root/link"));
    symlinkSync(temp.join("root"), temp.join("root/alpha/loop"));
    symlinkSync(temp.join("nowhere"), temp.join("root/dangling"));
    const asyncOnly: FileSystem = { ...nodeFileSystem };
    expect(asyncOnly.readdirSync).toBeUndefined();
    const sync = await walk("root");
    const async = await walk("root", { fs: asyncOnly });
    expect(sync.files).toEqual(async.files);
    expect(sync.diagnostics).toEqual(async.diagnostics);
    expect(sync.directories).toBe(async.directories);
    expect(sync.codes.length).toBeGreaterThan(2);
  });

  it("reports whether each skill folder has an agents entry", async () => {
    await temp.write({
      "root/plain/SKILL.md": skill("plain"),
      "root/codex/SKILL.md": skill("codex"),
      "root/codex/agents/openai.yaml": "policy: {}\n",
    });
    for (const fs of [nodeFileSystem, { ...nodeFileSystem }]) {
      const { files } = await walk("root", { fs });
      expect(files.map((file) => [file.dir.slice(temp.path.length + 1), file.hasAgentsDir])).toEqual([
        ["root/codex", true],
        ["root/plain", false],
      ]);
    }
  });
});

describe("walk join", () => {
  it("handles a root given with a trailing separator", async () => {
    await temp.write({ "root/a/SKILL.md": skill("a") });
    const result = await walkRoot({ ...rootAt("root"), path: `${temp.join("root")}/` }, { limits: roomy });
    expect(result.files.map((file) => [file.path, file.realPath, file.dir])).toEqual([
      [temp.join("root/a/SKILL.md"), temp.join("root/a/SKILL.md"), temp.join("root/a")],
    ]);
  });
});

describe("the shared corpus", () => {
  it.skipIf(!existsSync(corpusDir()))(
    `finds every SKILL.md a plain listing finds, hidden folders aside ${NEEDS_CORPUS}`,
    async () => {
      const root: Root = { path: corpusDir(), scope: "custom", provider: "config", followLinks: true };
      const result = await walkRoot(root, {
        limits: { maxDepth: 20, maxDirectories: 20000, maxEntries: 200000 },
      });
      const visible = listSkillFiles(corpusDir()).filter(
        (path) =>
          !relative(corpusDir(), path)
            .split(sep)
            .some((part) => part.startsWith(".")),
      );
      expect(result.files.map((file) => file.path).sort()).toEqual(visible);
      expect(result.diagnostics).toEqual([]);
      // Breadth-first: depths never decrease along the list.
      const depths = result.files.map((file) => file.path.split(sep).length);
      expect(depths).toEqual([...depths].sort((a, b) => a - b));
    },
  );
});
