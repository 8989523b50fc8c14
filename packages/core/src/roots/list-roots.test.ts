import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DiscoveryConfig, defaultConfig } from "../config/config-schema.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import {
  findProjectRoot,
  listRoots,
  listRootsFor,
  type Root,
  type RootsOptions,
  systemSkillsDir,
} from "./index.js";

let temp: TempDir;
let home: string;
let admin: string;

beforeEach(async () => {
  temp = await createTempDir("skillset-roots-");
  home = temp.join("home");
  admin = temp.join("etc");
  await temp.write({ "home/.keep": "", "repo/.git/HEAD": "ref: refs/heads/main\n" });
});
afterEach(() => temp.cleanup());

function options(cwd: string, extra: Partial<RootsOptions> & { discovery?: Partial<DiscoveryConfig> } = {}) {
  const { discovery, ...rest } = extra;
  return {
    cwd,
    home,
    env: { SKILLSET_ADMIN_DIR: admin },
    config: { ...defaultConfig.discovery, ...discovery },
    ...rest,
  } satisfies RootsOptions;
}

/** `scope provider distance path` lines, paths relative to the temp dir: easy to read in a failure. */
function describeRoots(roots: readonly Root[]): string[] {
  return roots.map((root) =>
    [
      root.scope,
      root.provider,
      root.distance ?? "-",
      root.path.startsWith(temp.path) ? root.path.slice(temp.path.length + 1) : root.path,
      root.namespace ?? "",
    ]
      .join(" ")
      .trim(),
  );
}

const repoAt = (dir: string, distance: number) => [
  `repo agents ${distance} ${dir}/.agents/skills`,
  `repo claude ${distance} ${dir}/.claude/skills`,
  `repo codex ${distance} ${dir}/.codex/skills`,
  `repo opencode ${distance} ${dir}/.opencode/skill`,
  `repo opencode ${distance} ${dir}/.opencode/skills`,
  `repo cursor ${distance} ${dir}/.cursor/skills`,
  `repo github ${distance} ${dir}/.github/skills`,
  `repo gemini ${distance} ${dir}/.gemini/skills`,
  `repo windsurf ${distance} ${dir}/.windsurf/skills`,
];

describe("listRoots", () => {
  it("lists every provider's repo, user, admin and system roots in precedence order", async () => {
    const roots = await listRoots(options(temp.join("repo")));
    expect(describeRoots(roots)).toEqual([
      ...repoAt("repo", 0),
      "user agents - home/.agents/skills",
      "user agents - home/.config/agents/skills",
      "user claude - home/.claude/skills",
      "user codex - home/.codex/skills",
      "user opencode - home/.config/opencode/skill",
      "user opencode - home/.config/opencode/skills",
      "user cursor - home/.cursor/skills",
      "user github - home/.copilot/skills",
      "user gemini - home/.gemini/skills",
      "user windsurf - home/.codeium/windsurf/skills",
      "admin admin - etc/skillset/skills",
      "admin codex - etc/codex/skills",
      `system system - ${systemSkillsDir()}`,
    ]);
    expect(roots.find((root) => root.scope === "system")?.followLinks).toBe(false);
    expect(roots.filter((root) => root.scope !== "system").every((root) => root.followLinks)).toBe(true);
  });

  it("honours CODEX_HOME, CLAUDE_CONFIG_DIR and XDG_CONFIG_HOME for user roots", async () => {
    const env = {
      SKILLSET_ADMIN_DIR: admin,
      CODEX_HOME: temp.join("codex-home"),
      CLAUDE_CONFIG_DIR: temp.join("claude-config"),
      XDG_CONFIG_HOME: temp.join("xdg"),
    };
    const roots = await listRoots(options(temp.join("repo"), { env }));
    expect(describeRoots(roots.filter((root) => root.scope === "user"))).toEqual([
      "user agents - home/.agents/skills",
      "user agents - xdg/agents/skills",
      "user claude - claude-config/skills",
      "user codex - codex-home/skills",
      "user opencode - xdg/opencode/skill",
      "user opencode - xdg/opencode/skills",
      "user cursor - home/.cursor/skills",
      "user github - home/.copilot/skills",
      "user gemini - home/.gemini/skills",
      "user windsurf - home/.codeium/windsurf/skills",
    ]);
  });

  it("takes HOME from env.HOME when no home option is given, and ignores empty variables", async () => {
    const roots = await listRoots({
      cwd: temp.join("repo"),
      env: { HOME: home, SKILLSET_ADMIN_DIR: admin, CODEX_HOME: "", CLAUDE_CONFIG_DIR: " " },
      config: defaultConfig.discovery,
    });
    const user = describeRoots(roots.filter((root) => root.scope === "user"));
    expect(user).toContain("user claude - home/.claude/skills");
    expect(user).toContain("user codex - home/.codex/skills");
  });

  it("puts admin roots under /etc unless SKILLSET_ADMIN_DIR or adminDir says otherwise", async () => {
    const byDefault = await listRoots({
      cwd: temp.join("repo"),
      home,
      env: {},
      config: defaultConfig.discovery,
    });
    expect(byDefault.filter((root) => root.scope === "admin").map((root) => root.path)).toEqual([
      "/etc/skillset/skills",
      "/etc/codex/skills",
    ]);
    const byOption = await listRoots(options(temp.join("repo"), { adminDir: temp.join("org") }));
    expect(describeRoots(byOption.filter((root) => root.scope === "admin"))).toEqual([
      "admin admin - org/skillset/skills",
      "admin codex - org/codex/skills",
    ]);
  });

  it("lists repo roots in each folder from the project root down to cwd, nearest first", async () => {
    await temp.write({ "repo/packages/web/src/index.ts": "", "repo/packages/api/src/index.ts": "" });
    const roots = await listRoots(options(temp.join("repo/packages/web/src")));
    const repo = describeRoots(roots.filter((root) => root.scope === "repo"));
    expect(repo).toEqual([
      ...repoAt("repo/packages/web/src", 0),
      ...repoAt("repo/packages/web", 1),
      ...repoAt("repo/packages", 2),
      ...repoAt("repo", 3),
    ]);
    expect(repo.some((line) => line.includes("packages/api"))).toBe(false);
    expect(repo.some((line) => line.includes(" .agents"))).toBe(false);
  });

  it("uses cwd alone as the project when no marker is found", async () => {
    await temp.write({ "loose/deeper/file.txt": "" });
    const roots = await listRoots(
      options(temp.join("loose/deeper"), { discovery: { projectMarkers: [".nope"] } }),
    );
    expect(describeRoots(roots.filter((root) => root.scope === "repo"))).toEqual(repoAt("loose/deeper", 0));
  });

  it("never lists HOME or a folder above it as a project folder: HOME's skill folders are user roots", async () => {
    const repoRoots = async (cwd: string) =>
      describeRoots((await listRoots(options(cwd))).filter((root) => root.scope === "repo"));
    const userClaude = "user claude - home/.claude/skills";
    // cwd = HOME without a marker: HOME is the project by the spec's rule, yet nothing there is repo scope.
    expect(await repoRoots(home)).toEqual([]);
    expect(describeRoots(await listRoots(options(home)))).toContain(userClaude);
    // A plain folder under HOME is its own project; HOME's folders stay user roots.
    await temp.write({ "home/work/notes.md": "" });
    expect(await repoRoots(join(home, "work"))).toEqual(repoAt("home/work", 0));
    // A dotfiles repository at HOME, or a marker above HOME, changes nothing.
    for (const marker of ["home/.git/HEAD", ".git/HEAD"]) {
      await temp.write({ [marker]: "" });
      expect(await repoRoots(home)).toEqual([]);
      expect(await repoRoots(join(home, "work"))).toEqual(repoAt("home/work", 0));
      const roots = await listRoots(options(join(home, "work")));
      expect(describeRoots(roots.filter((root) => root.path === join(home, ".claude/skills")))).toEqual([
        userClaude,
      ]);
      expect(new Set(roots.map((root) => root.path)).size).toBe(roots.length);
    }
    // `claude:repo` switched off leaves the user root alone.
    const withoutRepo = await listRoots(options(home, { discovery: { disabledSources: ["claude:repo"] } }));
    expect(describeRoots(withoutRepo)).toContain(userClaude);
  });

  it("keeps a user root named by an environment variable user scope, even inside the project", async () => {
    const roots = await listRoots(
      options(temp.join("repo"), {
        env: { SKILLSET_ADMIN_DIR: admin, CODEX_HOME: temp.join("repo/.codex") },
      }),
    );
    expect(
      describeRoots(roots.filter((root) => root.provider === "codex" && root.scope !== "admin")),
    ).toEqual(["user codex - repo/.codex/skills"]);
  });

  it("removes switched-off providers and sources", async () => {
    const roots = await listRoots(
      options(temp.join("repo"), {
        discovery: {
          providers: { cursor: false, windsurf: true },
          disabledSources: ["codex", "claude:user", "~/.agents", join(home, ".gemini/skills"), "system"],
        },
      }),
    );
    const lines = describeRoots(roots);
    expect(lines.filter((line) => / (cursor|codex|system) /.test(line))).toEqual([]);
    expect(lines).toContain("repo claude 0 repo/.claude/skills");
    expect(lines).not.toContain("user claude - home/.claude/skills");
    expect(lines).not.toContain("user agents - home/.agents/skills");
    expect(lines).toContain("user agents - home/.config/agents/skills");
    expect(lines).not.toContain("user gemini - home/.gemini/skills");
    expect(lines).toContain("repo gemini 0 repo/.gemini/skills");
    expect(lines).toContain("user windsurf - home/.codeium/windsurf/skills");
    expect(lines).toContain("admin admin - etc/skillset/skills");
  });

  it("orders scopes by scopeOrder (an organisation may put admin first)", async () => {
    const roots = await listRoots(
      options(temp.join("repo"), { discovery: { scopeOrder: ["admin", "repo", "user", "system"] } }),
    );
    expect([...new Set(roots.map((root) => root.scope))]).toEqual(["admin", "repo", "user", "system"]);
  });

  it("resolves custom folders against the project root and expands ~", async () => {
    await temp.write({ "repo/sub/file.txt": "" });
    const roots = await listRoots(
      options(temp.join("repo/sub"), {
        discovery: { customDirs: ["team-skills", "~/shared-skills", admin] },
      }),
    );
    expect(describeRoots(roots.filter((root) => root.scope === "custom"))).toEqual([
      "custom config - repo/team-skills",
      "custom config - home/shared-skills",
      "custom config - etc",
    ]);
  });

  it("follows no links anywhere when followSymlinks is off", async () => {
    const roots = await listRoots(options(temp.join("repo"), { discovery: { followSymlinks: false } }));
    expect(roots.every((root) => !root.followLinks)).toBe(true);
  });

  it("returns the same list twice", async () => {
    await temp.write({ "repo/a/b/file.txt": "" });
    const first = await listRoots(options(temp.join("repo/a/b")));
    expect(await listRoots(options(temp.join("repo/a/b")))).toEqual(first);
  });
});

describe("plugin roots", () => {
  const plugin = (name?: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ ...(name ? { name } : {}), version: "1.0.0", ...extra });

  it("adds <plugin>/skills for each plugin in pluginDirs, namespaced by plugin.json's name", async () => {
    await temp.write({
      "plugins/one/.claude-plugin/plugin.json": plugin("acme-tools"),
      "plugins/nameless/.claude-plugin/plugin.json": plugin(),
      "plugins/not-a-plugin/readme.md": "",
      "single/.claude-plugin/plugin.json": plugin("solo", { skills: ["./extra-skills", "../escape"] }),
    });
    const roots = await listRoots(
      options(temp.join("repo"), { discovery: { pluginDirs: ["../plugins", "../single"] } }),
    );
    expect(describeRoots(roots.filter((root) => root.scope === "plugin"))).toEqual([
      "plugin plugin - plugins/one/skills acme-tools",
      "plugin plugin - plugins/nameless/skills nameless",
      "plugin plugin - single/skills solo",
      "plugin plugin - single/extra-skills solo",
    ]);
  });

  it("reads no plugin.json over 1 MiB: the folder is still a plugin, named by its folder", async () => {
    await temp.write({
      "plugins/huge/.claude-plugin/plugin.json": `{"name": "read-whole", "pad": "${"x".repeat(1024 * 1024)}"}`,
    });
    const roots = await listRoots(options(temp.join("repo"), { discovery: { pluginDirs: ["../plugins"] } }));
    expect(describeRoots(roots.filter((root) => root.scope === "plugin"))).toEqual([
      "plugin plugin - plugins/huge/skills huge",
    ]);
  });

  it("searches Claude's plugin cache and marketplaces, keeping the newest cached version", async () => {
    await temp.write({
      "home/.claude/plugins/cache/market/tools/1.2.0/.claude-plugin/plugin.json": plugin("tools"),
      "home/.claude/plugins/cache/market/tools/1.10.0/.claude-plugin/plugin.json": plugin("tools"),
      "home/.claude/plugins/marketplaces/market/plugins/review/.claude-plugin/plugin.json": plugin("review"),
      "home/.claude/plugins/marketplaces/market/.claude-plugin/marketplace.json": "{}",
      "home/.claude/plugins/marketplaces/market/plugins/.hidden/.claude-plugin/plugin.json": plugin("hidden"),
    });
    const roots = await listRoots(options(temp.join("repo")));
    expect(describeRoots(roots.filter((root) => root.scope === "plugin"))).toEqual([
      "plugin plugin - home/.claude/plugins/marketplaces/market/plugins/review/skills review",
      "plugin plugin - home/.claude/plugins/cache/market/tools/1.10.0/skills tools",
    ]);
  });

  it("uses installed_plugins.json when present, and CLAUDE_CONFIG_DIR for the plugins folder", async () => {
    const claude = temp.join("claude-config");
    await temp.write({
      "claude-config/plugins/cache/m/kept/2.0.0/.claude-plugin/plugin.json": plugin("kept"),
      "claude-config/plugins/cache/m/no-manifest/1.0.0/skills/x/SKILL.md": "",
      "claude-config/plugins/cache/m/not-installed/1.0.0/.claude-plugin/plugin.json": plugin("not-installed"),
      "claude-config/plugins/cache/m/other-project/1.0.0/.claude-plugin/plugin.json": plugin("other-project"),
      "claude-config/plugins/installed_plugins.json": JSON.stringify({
        version: 2,
        plugins: {
          "kept@m": [{ scope: "user", installPath: join(claude, "plugins/cache/m/kept/2.0.0") }],
          "no-manifest@m": [
            { scope: "user", installPath: join(claude, "plugins/cache/m/no-manifest/1.0.0") },
          ],
          "gone@m": [{ scope: "user", installPath: join(claude, "plugins/cache/m/gone/1.0.0") }],
          "other-project@m": [
            {
              scope: "project",
              projectPath: temp.join("elsewhere"),
              installPath: join(claude, "plugins/cache/m/other-project/1.0.0"),
            },
          ],
        },
      }),
    });
    const env = { SKILLSET_ADMIN_DIR: admin, CLAUDE_CONFIG_DIR: claude };
    const roots = await listRoots(options(temp.join("repo"), { env }));
    expect(describeRoots(roots.filter((root) => root.scope === "plugin"))).toEqual([
      "plugin plugin - claude-config/plugins/cache/m/kept/2.0.0/skills kept",
      "plugin plugin - claude-config/plugins/cache/m/no-manifest/1.0.0/skills no-manifest",
    ]);
  });

  it("drops plugin roots when the plugin provider is switched off", async () => {
    await temp.write({ "plugins/one/.claude-plugin/plugin.json": plugin("one") });
    const roots = await listRoots(
      options(temp.join("repo"), { discovery: { pluginDirs: ["../plugins"], providers: { plugin: false } } }),
    );
    expect(roots.filter((root) => root.scope === "plugin")).toEqual([]);
  });
});

describe("listRootsFor", () => {
  beforeEach(() =>
    temp.write({
      "repo/packages/api/src/index.ts": "",
      "repo/packages/web/src/app.ts": "",
    }),
  );

  it("lists the roots between the project root and a nested file that the cwd chain misses", async () => {
    const roots = await listRootsFor("packages/api/src/index.ts", options(temp.join("repo")));
    expect(describeRoots(roots)).toEqual([
      ...repoAt("repo/packages/api/src", 0),
      ...repoAt("repo/packages/api", 1),
      ...repoAt("repo/packages", 2),
    ]);
  });

  it("measures distance from a folder path, and skips folders already on the cwd chain", async () => {
    const roots = await listRootsFor(temp.join("repo/packages/api"), options(temp.join("repo/packages/web")));
    expect(describeRoots(roots)).toEqual(repoAt("repo/packages/api", 0));
  });

  it("returns nothing for paths on the cwd chain or outside the project", async () => {
    expect(await listRootsFor(temp.join("repo"), options(temp.join("repo/packages/web")))).toEqual([]);
    expect(await listRootsFor(temp.join("home/file.txt"), options(temp.join("repo")))).toEqual([]);
  });

  it("respects switched-off providers", async () => {
    const roots = await listRootsFor(
      "packages/api/src/index.ts",
      options(temp.join("repo"), {
        discovery: { providers: { claude: false }, disabledSources: ["opencode:repo"] },
      }),
    );
    expect(roots.some((root) => root.provider === "claude" || root.provider === "opencode")).toBe(false);
    expect(roots.length).toBe(3 * 6);
  });
});

describe("findProjectRoot", () => {
  it("finds the nearest folder holding a marker, a git worktree's .git file included", async () => {
    await temp.write({
      "repo/a/b/c.txt": "",
      "repo/a/.jj/x": "",
      "wt/.git": "gitdir: /elsewhere\n",
      "wt/src/x": "",
    });
    expect(await findProjectRoot(temp.join("repo/a/b"), [".git", ".jj", ".hg"])).toBe(temp.join("repo/a"));
    expect(await findProjectRoot(temp.join("repo/a/b"), [".git"])).toBe(temp.join("repo"));
    expect(await findProjectRoot(temp.join("wt/src"), [".git"])).toBe(temp.join("wt"));
  });

  it("returns cwd when no marker exists above it", async () => {
    await temp.write({ "plain/deep/x.txt": "" });
    expect(await findProjectRoot(temp.join("plain/deep"), [".no-such-marker"])).toBe(temp.join("plain/deep"));
  });

  it("takes a linked cwd as given (no realpath)", async () => {
    symlinkSync(temp.join("repo"), temp.join("repo-link"));
    expect(await findProjectRoot(temp.join("repo-link"), [".git"])).toBe(temp.join("repo-link"));
  });
});

describe("systemSkillsDir", () => {
  it("points at the package's bundled skills folder", () => {
    expect(systemSkillsDir().endsWith(join("packages", "core", "skills"))).toBe(true);
  });
});
