import { existsSync } from "node:fs";
import { mkdir, rename, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultConfig, type SkillsetConfig } from "../config/config-schema.js";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { systemSkillsDir } from "../roots/index.js";
import { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "../test/index.js";
import { createRegistry } from "./create-registry.js";
import { clearRegistryCache, getRegistry } from "./get-registry.js";
import { formerFileNameHash } from "./metadata-cache.js";
import type { RegistryOptions, SkillRegistry } from "./registry-types.js";

let temp: TempDir;
let env: Record<string, string>;

beforeEach(async () => {
  temp = await createTempDir("skillset-registry-");
  env = isolatedEnv(temp);
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
});
afterEach(() => temp.cleanup());

function skill(name: string, description = `Use when the task needs ${name}.`) {
  return { name, description };
}

function withDiscovery(discovery: Partial<SkillsetConfig["discovery"]>): SkillsetConfig {
  return { ...defaultConfig, discovery: { ...defaultConfig.discovery, ...discovery } };
}

async function open(options: Partial<RegistryOptions> = {}): Promise<SkillRegistry> {
  const registry = createRegistry({ cwd: temp.join("project"), env, cacheFile: false, ...options });
  await registry.load();
  // The metadata cache is written after `load` resolves; tests that reopen it need it on disk.
  await registry.settled();
  return registry;
}

/** `dir`, made with its parents. */
async function mkdirp(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Entries outside the bundled system skills, as `[qualifiedName, scope, status]`. */
function table(registry: SkillRegistry) {
  return registry
    .entries()
    .filter((entry) => entry.skill.scope !== "system")
    .map((entry) => [entry.skill.qualifiedName, entry.skill.scope, entry.status, entry.enabled]);
}

/**
 * Sets files' mtime a minute back: a file changed in the last seconds is racy (its stamp may not show a
 * change made in the same clock tick), so its record is not written and the next registry parses it again.
 */
async function backdate(...paths: string[]): Promise<void> {
  const minuteAgo = new Date(Date.now() - 60_000);
  for (const path of paths) await utimes(path, minuteAgo, minuteAgo);
}

function codes(registry: SkillRegistry) {
  return registry.diagnostics().map((found) => found.code);
}

describe("createRegistry: precedence", () => {
  it("lets repo shadow user, with a diagnostic naming the winner", async () => {
    const repo = await temp.writeSkill("project/.agents/skills/pdf", skill("pdf"));
    const user = await temp.writeSkill("home/.agents/skills/pdf", skill("pdf"));
    const registry = await open();
    expect(table(registry)).toEqual([
      ["pdf", "repo", "effective", true],
      ["pdf", "user", "shadowed", true],
    ]);
    const found = registry.lookup("pdf");
    expect(found.kind === "found" && found.entry.skill.path).toBe(repo);
    const shadowed = registry.diagnostics().find((d) => d.code === "shadowed");
    expect(shadowed).toMatchObject({ path: user, severity: "info" });
    expect(shadowed?.message).toContain(repo);
    expect(registry.projectRoot).toBe(temp.join("project"));
  });

  it("puts admin first when the configuration says so", async () => {
    await temp.writeSkill("project/.agents/skills/deploy", skill("deploy"));
    const admin = await temp.writeSkill("etc/skillset/skills/deploy", skill("deploy", "Use when deploying."));
    const config = withDiscovery({
      scopeOrder: ["admin", "repo", "user", "custom", "system", "plugin", "remote"],
    });
    const registry = await open({ config });
    expect(table(registry)).toEqual([
      ["deploy", "admin", "effective", true],
      ["deploy", "repo", "shadowed", true],
    ]);
    const found = registry.lookup("deploy");
    expect(found.kind === "found" && found.entry.skill.path).toBe(admin);
  });

  it("lets the root nearest to cwd win in a monorepo, and keeps sibling packages out", async () => {
    await temp.writeSkill("project/.agents/skills/lint", skill("lint"));
    const near = await temp.writeSkill("project/packages/app/.claude/skills/lint", skill("lint"));
    await temp.writeSkill("project/packages/lib/.agents/skills/secret", skill("secret"));
    const registry = await open({ cwd: temp.join("project", "packages", "app") });
    expect(table(registry)).toEqual([
      ["lint", "repo", "shadowed", true],
      ["lint", "repo", "effective", true],
    ]);
    const found = registry.lookup("lint");
    expect(found.kind === "found" && found.entry.skill.path).toBe(near);
    expect(found.kind === "found" && found.entry.skill.source.distance).toBe(0);
    expect(registry.lookup("secret").kind).toBe("not-found");
  });

  it("makes same-scope, same-distance twins that differ ambiguous and refuses a bare-name lookup", async () => {
    const a = await temp.writeSkill("project/.agents/skills/pdf", skill("pdf"));
    const b = await temp.writeSkill(
      "project/.claude/skills/pdf",
      skill("pdf", "Use when a PDF is involved."),
    );
    const registry = await open();
    expect(table(registry)).toEqual([
      ["pdf", "repo", "ambiguous", true],
      ["pdf", "repo", "ambiguous", true],
    ]);
    const found = registry.lookup("pdf");
    expect(found.kind).toBe("ambiguous");
    expect(found.kind === "ambiguous" && found.entries.map((entry) => entry.skill.path).sort()).toEqual([
      a,
      b,
    ]);
    const messages = registry.diagnostics().filter((d) => d.code === "ambiguous");
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message.message).toContain(a);
    // A path still decides.
    const byPath = registry.lookup(b);
    expect(byPath.kind === "found" && byPath.entry.skill.path).toBe(b);
  });

  it("namespaces plugin skills so they never collide with bare names", async () => {
    await temp.writeSkill("project/.agents/skills/review", skill("review"));
    await temp.write({
      "plugins/acme/.claude-plugin/plugin.json": JSON.stringify({ name: "acme" }),
    });
    await temp.writeSkill("plugins/acme/skills/review", skill("review"));
    const registry = await open({ config: withDiscovery({ pluginDirs: [temp.join("plugins")] }) });
    expect(table(registry)).toEqual([
      ["review", "repo", "effective", true],
      ["acme:review", "plugin", "effective", true],
    ]);
    const plugin = registry.lookup("acme:review");
    expect(plugin.kind === "found" && plugin.entry.skill.namespace).toBe("acme");
    const bare = registry.lookup("review");
    expect(bare.kind === "found" && bare.entry.skill.scope).toBe("repo");
  });

  it("loads a file reached through two roots once, from the higher-precedence root", async () => {
    const real = await temp.writeSkill("home/.agents/skills/notes", skill("notes"));
    await temp.write({ "home/.claude/.keep": "" });
    await symlink(temp.join("home", ".agents", "skills"), temp.join("home", ".claude", "skills"));
    const registry = await open();
    expect(table(registry)).toEqual([["notes", "user", "effective", true]]);
    const entry = registry.entries().find((item) => item.skill.name === "notes");
    expect(entry?.skill.id).toBe(real);
    const duplicate = registry.diagnostics().find((d) => d.code === "duplicate-path");
    expect(duplicate).toMatchObject({
      severity: "info",
      path: temp.join("home", ".claude", "skills", "notes", "SKILL.md"),
    });
    expect(duplicate?.message).toContain(real);
    for (const path of [
      real,
      temp.join("home", ".agents", "skills", "notes"),
      temp.join("home", ".claude", "skills", "notes", "SKILL.md"),
      temp.join("home", ".claude", "skills", "notes"),
    ]) {
      const found = registry.lookup(path);
      expect(found.kind === "found" && found.entry.skill.id).toBe(real);
    }
    const relative = createRegistry({ cwd: temp.join("home"), env, cacheFile: false });
    await relative.load();
    const byRelative = relative.lookup(".agents/skills/notes/SKILL.md");
    expect(byRelative.kind === "found" && byRelative.entry.skill.id).toBe(real);
    expect(relative.lookup("./nowhere/SKILL.md").kind).toBe("not-found");
  });

  it("has the bundled system skills in an empty folder", async () => {
    const registry = await open({ cwd: temp.join("home") });
    const system = registry.entries().filter((entry) => entry.skill.scope === "system");
    expect(system.map((entry) => entry.skill.name)).toEqual(["skill-creator", "skill-installer"]);
    expect(system.every((entry) => entry.skill.source.root === systemSkillsDir())).toBe(true);
    expect(table(registry)).toEqual([]);
  });
});

describe("createRegistry: what is reported", () => {
  it("reports a skill that cannot be loaded with an error diagnostic and keeps going", async () => {
    await temp.writeSkill("project/.agents/skills/good", skill("good"));
    await temp.write({ "project/.agents/skills/broken/SKILL.md": "---\nname: broken\n---\n" });
    const registry = await open();
    expect(table(registry)).toEqual([["good", "repo", "effective", true]]);
    const errors = registry.diagnostics().filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((d) => d.path.includes("broken"))).toBe(true);
  });

  it("filters by include and ignore globs with a `filtered` diagnostic", async () => {
    await temp.writeSkill("project/.agents/skills/pdf-read", skill("pdf-read"));
    await temp.writeSkill("project/.agents/skills/pdf-draft", skill("pdf-draft"));
    await temp.writeSkill("project/.agents/skills/docx", skill("docx"));
    const registry = await open({ config: withDiscovery({ include: ["pdf-*"], ignore: ["*-draft"] }) });
    expect(table(registry).map(([name]) => name)).toEqual(["pdf-read"]);
    const filtered = registry
      .diagnostics()
      .filter((d) => d.code === "filtered" && d.path.startsWith(temp.path));
    expect(filtered.map((d) => d.message.split(" ")[1]).sort()).toEqual(["'docx'", "'pdf-draft'"]);
    expect(filtered.find((d) => d.message.includes("pdf-draft"))?.message).toContain("'*-draft'");
  });

  it("marks disabled skills, through state, in this and later registries", async () => {
    await temp.writeSkill("project/.agents/skills/pdf", skill("pdf"));
    await temp.writeSkill("project/.agents/skills/docx", skill("docx"));
    const registry = await open();
    const { changed } = await registry.setEnabled("pdf", false);
    expect(changed.map((entry) => entry.skill.name)).toEqual(["pdf"]);
    expect(table(registry)).toEqual([
      ["docx", "repo", "effective", true],
      ["pdf", "repo", "effective", false],
    ]);
    const later = await open();
    expect(table(later)).toEqual(table(registry));
    await later.setEnabled("pdf", true);
    expect(table(later).every(([, , , enabled]) => enabled)).toBe(true);
  });

  it("reports as changed only what its own setEnabled did, not another writer's setting", async () => {
    await temp.writeSkill("project/.agents/skills/pdf", skill("pdf"));
    await temp.writeSkill("project/.agents/skills/docx", skill("docx"));
    const registry = await open();
    const other = await open();
    await other.setEnabled("docx", false);
    const { changed, diagnostics } = await registry.setEnabled("pdf", false);
    expect({ changed: changed.map((entry) => entry.skill.name), diagnostics }).toEqual({
      changed: ["pdf"],
      diagnostics: [],
    });
    // The entries show the other writer's setting all the same.
    expect(table(registry).map(([name, , , enabled]) => [name, enabled])).toEqual([
      ["docx", false],
      ["pdf", false],
    ]);
  });

  it("lists every root with whether it exists and how many skills it held", async () => {
    await temp.writeSkill("project/.agents/skills/a", skill("a"));
    await temp.writeSkill("project/.agents/skills/b", skill("b"));
    const registry = await open();
    const agents = registry
      .roots()
      .find((info) => info.root.path === temp.join("project", ".agents", "skills"));
    expect(agents).toMatchObject({ exists: true, skills: 2 });
    const claude = registry
      .roots()
      .find((info) => info.root.path === temp.join("project", ".claude", "skills"));
    expect(claude).toMatchObject({ exists: false, skills: 0 });
  });

  it("orders entries by scope rank, then name, then path", async () => {
    await temp.writeSkill("home/.agents/skills/alpha", skill("alpha"));
    await temp.writeSkill("project/.agents/skills/zeta", skill("zeta"));
    await temp.writeSkill("project/.claude/skills/beta", skill("beta"));
    const registry = await open();
    expect(table(registry).map(([name, scope]) => `${scope}:${name}`)).toEqual([
      "repo:beta",
      "repo:zeta",
      "user:alpha",
    ]);
  });
});

describe("createRegistry: discoverFor", () => {
  it("adds the roots between the project root and a touched file, ranked by their distance", async () => {
    const top = await temp.writeSkill("project/.agents/skills/lint", skill("lint"));
    const nested = await temp.writeSkill("project/packages/web/.agents/skills/lint", skill("lint"));
    await temp.writeSkill("project/packages/web/.agents/skills/bundle", skill("bundle"));
    await temp.write({ "project/packages/web/src/app.ts": "export {};\n" });
    const registry = await open();
    expect(table(registry)).toEqual([["lint", "repo", "effective", true]]);
    const found = await registry.discoverFor(temp.join("project", "packages", "web", "src", "app.ts"));
    expect(found.map((entry) => entry.skill.name).sort()).toEqual(["bundle", "lint"]);
    // The nested root is 1 folder above the touched file; the project's own root is at cwd (distance 0).
    const lint = registry.lookup("lint");
    expect(lint.kind === "found" && lint.entry.skill.path).toBe(top);
    const shadowed = registry.entries().find((entry) => entry.skill.path === nested);
    expect(shadowed).toMatchObject({ status: "shadowed", skill: { source: { distance: 1 } } });
    expect(await registry.discoverFor(temp.join("project", "packages", "web", "src", "app.ts"))).toEqual([]);
    await registry.reload();
    expect(registry.lookup("bundle").kind).toBe("found");
  });
});

/**
 * A file system that counts reads of SKILL.md files, to prove a warm load parses nothing: async reads only,
 * or with the synchronous reads too (counted the same way).
 */
function countingFileSystem(reads: "async" | "sync" = "async"): FileSystem & { skillReads: number } {
  const count = (path: string) => {
    if (/skill\.md$/i.test(path)) counting.skillReads++;
  };
  const counting = {
    ...nodeFileSystem,
    skillReads: 0,
    readFile(path: string) {
      count(path);
      return nodeFileSystem.readFile(path);
    },
    readText(path: string) {
      count(path);
      return nodeFileSystem.readText(path);
    },
    readHead(path: string, length: number) {
      count(path);
      return nodeFileSystem.readHead(path, length);
    },
  };
  if (reads === "async") return counting;
  const node = nodeFileSystem as FileSystem & SyncFileReads;
  return Object.assign(counting, {
    readdirSync: node.readdirSync,
    statSync: node.statSync,
    readFileSync(path: string) {
      count(path);
      return node.readFileSync(path);
    },
    readTextSync(path: string) {
      count(path);
      return node.readTextSync(path);
    },
    readHeadSync(path: string, length: number) {
      count(path);
      return node.readHeadSync(path, length);
    },
  });
}

describe("createRegistry: the persistent metadata cache", () => {
  it.each(["async", "sync"] as const)(
    "parses nothing on a warm load and re-parses only a touched file (%s reads)",
    async (reads) => {
      for (const name of ["a", "b", "c"])
        await backdate(await temp.writeSkill(`project/.agents/skills/${name}`, skill(name)));
      const cacheFile = temp.join("cache.json");
      const synchronousReads = reads === "sync";
      const cold = await open({ cacheFile, fs: countingFileSystem(reads), synchronousReads });
      expect(cold.stats()).toMatchObject({ parsed: cold.stats().files, reused: 0 });
      expect(await nodeFileSystem.exists(cacheFile)).toBe(true);

      const fs = countingFileSystem(reads);
      const warm = await open({ cacheFile, fs, synchronousReads });
      expect(warm.stats()).toMatchObject({ parsed: 0, reused: cold.stats().files });
      expect(fs.skillReads).toBe(0);
      expect(table(warm)).toEqual(table(cold));

      const b = temp.join("project", ".agents", "skills", "b", "SKILL.md");
      await writeFile(b, "---\nname: b\ndescription: Use when b changed.\n---\nNew body.\n");
      await utimes(b, new Date(), new Date(Date.now() + 5_000));
      await warm.reload();
      expect(warm.stats()).toMatchObject({ parsed: 1 });
      expect(fs.skillReads).toBe(1);
      const found = warm.lookup("b");
      expect(found.kind === "found" && found.entry.skill.description).toBe("Use when b changed.");

      await warm.reload({ force: true });
      expect(warm.stats()).toMatchObject({ parsed: warm.stats().files, reused: 0 });
    },
  );

  it("re-parses a skill whose agents/openai.yaml changed, even to the same size and mtime", async () => {
    const file = await temp.writeSkill("project/.agents/skills/ci", skill("ci"));
    await temp.write({
      // Two spaces: `true` becomes `false` below at the same size.
      "project/.agents/skills/ci/agents/openai.yaml": "policy:\n  allow_implicit_invocation:  true\n",
    });
    const yaml = temp.join("project", ".agents", "skills", "ci", "agents", "openai.yaml");
    await backdate(file, yaml);
    const { mtime, mtimeMs, size } = await stat(yaml);
    const cacheFile = temp.join("cache.json");
    const cold = await open({ cacheFile });
    const before = cold.lookup("ci");
    expect(before.kind === "found" && before.entry.skill.invocation.model).toBe(true);
    await writeFile(yaml, "policy:\n  allow_implicit_invocation: false\n");
    await utimes(yaml, mtime, mtime);
    expect(await stat(yaml)).toMatchObject({ mtimeMs, size });
    const warm = await open({ cacheFile });
    expect(warm.stats().parsed).toBe(1);
    const after = warm.lookup("ci");
    expect(after.kind === "found" && after.entry.skill.invocation.model).toBe(false);
  });

  it.each(["async", "sync"] as const)(
    "sees an edit that keeps the size and sets the mtime back, as touch -d does (%s reads)",
    async (reads) => {
      const edited = await temp.writeSkill("project/.agents/skills/a", skill("a", "Use for number 5."));
      const kept = await temp.writeSkill("project/.agents/skills/b", skill("b"));
      await backdate(edited, kept);
      const { mtime, mtimeMs, size } = await stat(edited);
      const cacheFile = temp.join("cache.json");
      const synchronousReads = reads === "sync";
      await open({ cacheFile, fs: countingFileSystem(reads), synchronousReads });
      await writeFile(edited, renderSkillFile(skill("a", "Use for NUMBER 5.")));
      await utimes(edited, mtime, mtime);
      expect(await stat(edited)).toMatchObject({ mtimeMs, size });

      const fs = countingFileSystem(reads);
      const warm = await open({ cacheFile, fs, synchronousReads });
      const found = warm.lookup("a");
      expect(found.kind === "found" && found.entry.skill.description).toBe("Use for NUMBER 5.");
      // The unchanged skill is still served from the cache.
      expect(warm.stats()).toMatchObject({ parsed: 1, reused: warm.stats().files - 1 });
      expect(fs.skillReads).toBe(1);
    },
  );

  /** The node file system, async, as one without ctimes (it repeats the mtime) or inodes (0) would be. */
  function hidingStamps(hide: { inode: boolean }): FileSystem {
    return {
      ...nodeFileSystem,
      stat: async (path) => {
        const found = await nodeFileSystem.stat(path);
        return { ...found, ctimeMs: found.mtimeMs, ino: hide.inode ? 0 : found.ino };
      },
    };
  }

  // Without ctimes, a replaced file is still told by its inode.
  const withoutCtime = hidingStamps({ inode: false });
  it.each([
    ["the node file system", nodeFileSystem],
    ["a file system without ctimes", withoutCtime],
  ])("sees a file replaced by one of the same size and mtime (%s)", async (_label, fs) => {
    const replaced = await temp.writeSkill("project/.agents/skills/a", skill("a", "Use for version 1."));
    const kept = await temp.writeSkill("project/.agents/skills/b", skill("b"));
    await backdate(replaced, kept);
    const { mtime, mtimeMs, size } = await stat(replaced);
    const cacheFile = temp.join("cache.json");
    await open({ cacheFile, fs });
    const next = temp.join("project", "a-next.md");
    await writeFile(next, renderSkillFile(skill("a", "Use for version 2.")));
    await utimes(next, mtime, mtime);
    await rename(next, replaced);
    expect(await stat(replaced)).toMatchObject({ mtimeMs, size });

    const warm = await open({ cacheFile, fs });
    const found = warm.lookup("a");
    expect(found.kind === "found" && found.entry.skill.description).toBe("Use for version 2.");
    expect(warm.stats()).toMatchObject({ parsed: 1, reused: warm.stats().files - 1 });
  });

  it("does not write the record of a file changed in the last seconds, whose stamp may hide an edit", async () => {
    // An edit in the same clock tick as the read leaves every field of the stamp as it was; here the file
    // system hides ctimes and inodes, and the edit keeps the size and mtime.
    const fs = hidingStamps({ inode: true });
    const file = await temp.writeSkill("project/.agents/skills/a", skill("a", "Use for version 1."));
    // A second ago, in whole milliseconds (which utimes can set again exactly).
    const recent = new Date(Date.now() - 1_000);
    await utimes(file, recent, recent);
    const { mtimeMs, size } = await stat(file);
    const cacheFile = temp.join("cache.json");
    const cold = await open({ cacheFile, fs });
    await writeFile(file, renderSkillFile(skill("a", "Use for version 2.")));
    await utimes(file, recent, recent);
    expect(await stat(file)).toMatchObject({ mtimeMs, size });

    const warm = await open({ cacheFile, fs });
    const found = warm.lookup("a");
    expect(found.kind === "found" && found.entry.skill.description).toBe("Use for version 2.");
    // Within the process too: a reload parses it again rather than trust its stamp.
    await cold.reload();
    const reloaded = cold.lookup("a");
    expect(reloaded.kind === "found" && reloaded.entry.skill.description).toBe("Use for version 2.");
    // Once old enough, it is written and served from the cache.
    await backdate(file);
    await open({ cacheFile, fs });
    expect((await open({ cacheFile, fs })).stats()).toMatchObject({ parsed: 0 });
  });

  it.each(["async", "sync"] as const)(
    "notices an agents/openai.yaml added beside an unchanged SKILL.md (%s reads)",
    async (reads) => {
      await backdate(
        await temp.writeSkill("project/.agents/skills/ci", skill("ci")),
        await temp.writeSkill("project/.agents/skills/plain", skill("plain")),
      );
      await temp.write({ "project/.agents/skills/ci/agents/README.md": "Codex metadata goes here.\n" });
      const cacheFile = temp.join("cache.json");
      const fs = countingFileSystem(reads);
      const synchronousReads = reads === "sync";
      await open({ cacheFile, fs, synchronousReads });
      expect((await open({ cacheFile, fs, synchronousReads })).stats()).toMatchObject({ parsed: 0 });
      await temp.write({
        "project/.agents/skills/ci/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
      });
      const warm = await open({ cacheFile, fs, synchronousReads });
      expect(warm.stats()).toMatchObject({ parsed: 1 });
      const found = warm.lookup("ci");
      expect(found.kind === "found" && found.entry.skill.invocation.model).toBe(false);
    },
  );

  it("resolves load before writing the cache, and settled after", async () => {
    await backdate(await temp.writeSkill("project/.agents/skills/a", skill("a")));
    const cacheFile = temp.join("cache.json");
    const registry = createRegistry({ cwd: temp.join("project"), env, cacheFile });
    await registry.load();
    expect(table(registry)).toEqual([["a", "repo", "effective", true]]);
    expect(existsSync(cacheFile)).toBe(false);
    await registry.settled();
    expect(await nodeFileSystem.exists(cacheFile)).toBe(true);
    const warm = await open({ cacheFile });
    expect(warm.stats()).toMatchObject({ parsed: 0 });
  });

  it("with deferCacheWrite, writes the cache only when settled (a command prints first)", async () => {
    await backdate(await temp.writeSkill("project/.agents/skills/a", skill("a")));
    const cacheFile = temp.join("cache.json");
    const registry = createRegistry({ cwd: temp.join("project"), env, cacheFile, deferCacheWrite: true });
    await registry.load();
    // Past every turn of the event loop a load's own write would take.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(cacheFile)).toBe(false);
    await registry.settled();
    expect(existsSync(cacheFile)).toBe(true);
    const warm = await open({ cacheFile });
    expect(warm.stats()).toMatchObject({ parsed: 0 });
  });

  it("reports a cache it cannot write, and loads all the same", async () => {
    await temp.writeSkill("project/.agents/skills/a", skill("a"));
    await temp.write({ blocker: "a file where the cache folder should be" });
    const registry = await open({ cacheFile: temp.join("blocker", "cache.json") });
    expect(codes(registry)).toContain("cache-write-failed");
    expect(table(registry)).toEqual([["a", "repo", "effective", true]]);
  });

  it("uses $XDG_CACHE_HOME/skillset by default", async () => {
    await temp.writeSkill("project/.agents/skills/a", skill("a"));
    // An earlier version's cache of this folder, under the name it gave it: gone once the cache is written.
    const former = `metadata-${formerFileNameHash(temp.join("project"))}.json`;
    await writeFile(join(await mkdirp(join(env.XDG_CACHE_HOME!, "skillset")), former), "{}");
    await open({ cacheFile: undefined });
    const files = await nodeFileSystem.readdir(join(env.XDG_CACHE_HOME!, "skillset"));
    expect(files.map((entry) => entry.name)).toEqual([expect.stringMatching(/^metadata-[0-9a-f]+\.json$/)]);
    expect(files.map((entry) => entry.name)).not.toContain(former);
  });

  it("ignores a corrupt cache with an info diagnostic and rebuilds it", async () => {
    await backdate(await temp.writeSkill("project/.agents/skills/a", skill("a")));
    const cacheFile = temp.join("cache.json");
    await writeFile(cacheFile, "{ definitely not json");
    const registry = await open({ cacheFile });
    expect(codes(registry)).toContain("cache-invalid");
    expect(registry.stats().reused).toBe(0);
    expect(table(registry)).toEqual([["a", "repo", "effective", true]]);
    const again = await open({ cacheFile });
    expect(codes(again)).not.toContain("cache-invalid");
    expect(again.stats().parsed).toBe(0);
  });
});

describe("getRegistry", () => {
  it("returns the same loaded registry for the same cwd and options", async () => {
    await temp.writeSkill("project/.agents/skills/a", skill("a"));
    const options = { cwd: temp.join("project"), env, cacheFile: false as const };
    const first = await getRegistry(options);
    expect(await getRegistry({ ...options })).toBe(first);
    expect(await getRegistry({ ...options, cwd: temp.join("home") })).not.toBe(first);
    clearRegistryCache();
    expect(await getRegistry(options)).not.toBe(first);
  });
});

describe("createRegistry: configuration and reads", () => {
  it("loads the configuration once, with flags on top, and reports the files it read", async () => {
    await temp.writeSkill("project/.agents/skills/pdf", skill("pdf"));
    await temp.writeSkill("project/.agents/skills/docx", skill("docx"));
    await temp.write({
      "project/.skillset/config.json": JSON.stringify({ discovery: { ignore: ["pdf"] } }),
    });
    const registry = await open({ flags: { discovery: { include: ["docx", "pdf"] } } });
    expect(registry.configFiles).toEqual([temp.join("project", ".skillset", "config.json")]);
    expect(registry.config.discovery.include).toEqual(["docx", "pdf"]);
    expect(table(registry)).toEqual([["docx", "repo", "effective", true]]);
    expect(registry.projectRoot).toBe(temp.join("project"));
    // A given configuration is used as is: nothing is read.
    expect((await open({ config: defaultConfig })).configFiles).toEqual([]);
  });

  it("reads synchronously only when told, and refuses a file system that cannot", async () => {
    await temp.writeSkill("project/.agents/skills/a", skill("a"));
    const asyncOnly: FileSystem = { ...nodeFileSystem };
    expect(() =>
      createRegistry({ cwd: temp.join("project"), env, fs: asyncOnly, synchronousReads: true }),
    ).toThrow(/synchronousReads/);
    // The Node file system, told to read asynchronously: every read goes through the async methods.
    const calls: string[] = [];
    const node = nodeFileSystem as FileSystem & SyncFileReads;
    const watched = Object.create(node) as FileSystem & SyncFileReads;
    watched.readdirSync = (path) => {
      calls.push(path);
      return node.readdirSync(path);
    };
    const registry = await open({ fs: watched, synchronousReads: false });
    expect(table(registry)).toEqual([["a", "repo", "effective", true]]);
    expect(calls).toEqual([]);
    await open({ fs: watched, synchronousReads: true });
    expect(calls.length).toBeGreaterThan(0);
  });
});
