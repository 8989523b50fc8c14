/**
 * @module Where each agent product keeps skills (SPEC §5 Roots). Data, not code: adding a provider is one
 * entry here. Sources: seed 001 (Codex, OpenCode, Claude Code) and each product's documentation.
 */

/**
 * A user-scope folder: `<base>/<path>`, where the base is the environment variable `baseEnv` when it is set
 * (e.g. `$CODEX_HOME`) and `~/<baseDefault>` otherwise.
 */
export interface UserSkillsDir {
  baseEnv?: string;
  /** Base folder relative to HOME when `baseEnv` is unset; `""` is HOME itself. */
  baseDefault: string;
  path: string;
}

/** One agent product and the folders it reads skills from. */
export interface SkillProvider {
  /** Stable id used in config (`providers`, `disabledSources`) and in `Skill.source.provider`. */
  id: string;
  /** Folders relative to each directory on the project root → cwd chain. */
  repoDirs: readonly string[];
  userDirs: readonly UserSkillsDir[];
  /** Folders relative to the admin prefix (`/etc` by default). */
  adminDirs: readonly string[];
}

const xdgConfig = (path: string): UserSkillsDir => ({
  baseEnv: "XDG_CONFIG_HOME",
  baseDefault: ".config",
  path,
});

/**
 * Every provider, in precedence order within a scope and distance (the open standard first).
 * `admin` is skillset's own admin folder (`/etc/skillset/skills`).
 */
export const skillProviders: readonly SkillProvider[] = [
  { id: "admin", repoDirs: [], userDirs: [], adminDirs: ["skillset/skills"] },
  {
    id: "agents",
    repoDirs: [".agents/skills"],
    userDirs: [{ baseDefault: "", path: ".agents/skills" }, xdgConfig("agents/skills")],
    adminDirs: [],
  },
  {
    id: "claude",
    repoDirs: [".claude/skills"],
    userDirs: [{ baseEnv: "CLAUDE_CONFIG_DIR", baseDefault: ".claude", path: "skills" }],
    adminDirs: [],
  },
  {
    id: "codex",
    repoDirs: [".codex/skills"],
    userDirs: [{ baseEnv: "CODEX_HOME", baseDefault: ".codex", path: "skills" }],
    adminDirs: ["codex/skills"],
  },
  {
    id: "opencode",
    repoDirs: [".opencode/skill", ".opencode/skills"],
    userDirs: [xdgConfig("opencode/skill"), xdgConfig("opencode/skills")],
    adminDirs: [],
  },
  {
    id: "cursor",
    repoDirs: [".cursor/skills"],
    userDirs: [{ baseDefault: ".cursor", path: "skills" }],
    adminDirs: [],
  },
  {
    id: "github",
    repoDirs: [".github/skills"],
    userDirs: [{ baseDefault: ".copilot", path: "skills" }],
    adminDirs: [],
  },
  {
    id: "gemini",
    repoDirs: [".gemini/skills"],
    userDirs: [{ baseDefault: ".gemini", path: "skills" }],
    adminDirs: [],
  },
  {
    id: "windsurf",
    repoDirs: [".windsurf/skills"],
    userDirs: [{ baseDefault: ".codeium/windsurf", path: "skills" }],
    adminDirs: [],
  },
];

/** Provider ids that are not agent products: the bundled skills, plugins and `customDirs`. */
export const builtInSourceIds = ["system", "plugin", "config"] as const;

/** Precedence among providers within one scope and distance: the table order, then the built-in sources. */
export const providerOrder: readonly string[] = [...skillProviders.map((p) => p.id), ...builtInSourceIds];
