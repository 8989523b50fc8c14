/**
 * @module The skill model (SPEC §2): what a loaded skill carries, shared by every stage after the parser.
 */
import type { Diagnostic } from "./diagnostic.js";
import type { RemoteOrigin } from "./remote-origin.js";

/** Where a skill was found; also its precedence class (SPEC §5). */
export type Scope = "repo" | "user" | "admin" | "system" | "plugin" | "custom" | "remote";

/**
 * Every scope, in declaration order. Precedence is `defaultConfig.discovery.scopeOrder` (configurable);
 * scopes missing from a configured order rank after it, in this order.
 */
export const SCOPES: readonly Scope[] = ["repo", "user", "admin", "system", "plugin", "custom", "remote"];

/** Which provider/root found a skill. */
export interface SkillSource {
  /** Provider id, e.g. `agents`, `claude`, `codex`, `opencode`, `cursor`, `config`, `system`, `plugin`. */
  provider: string;
  /** Absolute path of the root folder the walker started from. */
  root: string;
  /** For repo scope: how many folders the root's owner is above cwd (0 = at cwd). Nearer wins. */
  distance?: number;
}

/** Who may invoke a skill (SPEC §11). */
export interface Invocation {
  /** The model may invoke it (and sees it in the catalog). False when `disable-model-invocation: true`. */
  model: boolean;
  /** A person may invoke it with `$name` or `/name`. False when `user-invocable: false`. */
  user: boolean;
}

/** A hook declared in frontmatter (`hooks:`); kept loosely typed because hosts differ. */
export type HookSpec = Record<string, unknown>;

/** Every known frontmatter field, typed; unknown keys are kept in `extra` as they were. */
export interface Frontmatter {
  name?: string;
  description?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  /** Normalised to a list whichever form was written (space-separated, comma-separated or YAML list). */
  allowedTools?: string[];
  disallowedTools?: string[];
  argumentHint?: string;
  /** Named arguments, in declaration order. */
  arguments?: string[];
  disableModelInvocation?: boolean;
  userInvocable?: boolean;
  context?: "inline" | "fork";
  agent?: string;
  model?: string;
  hooks?: HookSpec;
  /** `globs` or `paths`. */
  globs?: string[];
  alwaysApply?: boolean;
  version?: string;
  /** Every key that is not a known field, as parsed. */
  extra: Record<string, unknown>;
  /** The raw parsed YAML mapping, exactly as read (after repair), for `read-properties` and strict checks. */
  raw: Record<string, unknown>;
}

/** Codex's adjacent `agents/openai.yaml` (SPEC §2). Every part optional; a bad file is only a warning. */
export interface OpenAiMetadata {
  interface?: {
    displayName?: string;
    shortDescription?: string;
    iconSmall?: string;
    iconLarge?: string;
    brandColor?: string;
    defaultPrompt?: string;
  };
  dependencies?: { tools: ToolDependency[] };
  policy?: { allowImplicitInvocation?: boolean };
}

/** A dependency a skill needs before it can run (env var, MCP server, …). */
export interface ToolDependency {
  type: string;
  value: string;
  description?: string;
  [key: string]: unknown;
}

/** A loaded skill. */
export interface Skill {
  /** Stable id: the canonical (real) absolute path of its SKILL.md. */
  id: string;
  /** Frontmatter `name`, else the directory name (lenient mode). */
  name: string;
  /** Plugin or source namespace; the qualified name is `namespace:name`. */
  namespace?: string;
  /** `namespace:name` when namespaced, else `name`. */
  qualifiedName: string;
  /** Whitespace-normalised description for listings. */
  description: string;
  /** Absolute path of SKILL.md (as found, before resolving links). */
  path: string;
  /** Absolute path of the skill's directory. */
  dir: string;
  /**
   * Real path of `dir` when discovery found the skill (absent on skills built by hand). Reading the
   * skill's files later checks that the folder still resolves there.
   */
  realDir?: string;
  scope: Scope;
  source: SkillSource;
  invocation: Invocation;
  frontmatter: Frontmatter;
  openai?: OpenAiMetadata;
  /** 1-based line where the body starts in SKILL.md (after the frontmatter). */
  bodyLine: number;
  mtimeMs: number;
  size: number;
  diagnostics: Diagnostic[];
  /**
   * Set on skills that come from outside the file system (scope `remote`, SPEC §16): where they came
   * from and the one reader of their files. `path`, `dir` and `id` are then `mcp://<label>/<uri>` forms.
   */
  origin?: RemoteOrigin;
}

/** Builds the qualified name used for namespaced lookups and display. */
export function qualifiedName(name: string, namespace?: string): string {
  return namespace ? `${namespace}:${name}` : name;
}
