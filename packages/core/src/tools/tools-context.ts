/**
 * @module What the skill tools run against: the registry, the session's load tracker, and the host's
 * hooks for permission (SPEC §11), forks (`context: fork`) and shell preprocessing (SPEC §9).
 */
import type { FileSystem } from "../fs/file-system.js";
import type { RegistryView } from "../loader/find-skill.js";
import type { PreprocessBody } from "../loader/load-skill.js";
import type { ReloadTracker } from "../loader/reload-tracker.js";
import type { Skill } from "../model/skill.js";
import type { ToolPolicy } from "../policy/tool-policy.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import type { SkillSearch } from "../search/search-types.js";

/** The four tools' names. */
export type SkillToolName = "skill_search" | "skill_load" | "use_skill" | "skill_read";

/** A permission answer: allowed, or denied with a reason the model is shown. */
export type Authorization = { allow: true } | { allow: false; reason: string };

/** What a host receives to run a `context: fork` skill as a subagent task. */
export interface ForkRequest {
  skill: Skill;
  /** The rendered body (arguments substituted): the subagent's instructions. */
  body: string;
  args: string[];
  /** Frontmatter `agent` (the subagent type), if any. */
  agent?: string;
  /** Frontmatter `model`, if any. */
  model?: string;
  /**
   * The narrowing the skill's `allowed-tools` / `disallowed-tools` make for the subagent's tools (a
   * session sets it, with its narrowing mode): pass the subagent's tools through `filterTools` with it.
   */
  toolPolicy?: ToolPolicy;
}

/** Everything the tools use. Only `registry` is required. */
export interface SkillToolsContext {
  /** A `SkillRegistry`, or any object with its `lookup`, `entries` (and optionally `reload`, `config`, `cwd`). */
  registry: RegistryView & Partial<Pick<SkillRegistry, "config" | "cwd">>;
  /** The search index; default: built on first search from `registry.entries()` and synced with it. */
  search?: SkillSearch;
  /** The session's loads, for reload suppression; without one, every load returns the body. */
  tracker?: ReloadTracker;
  /** For `${SESSION_ID}` in bodies. */
  sessionId?: string;
  /**
   * Permission (SPEC §11), asked on every path of every tool before a skill is used or read. Default:
   * allow. The session plugs its policy in here (an `ask` rule calls the host's confirm inside).
   */
  authorize?: (skill: Skill, tool: SkillToolName) => Authorization | Promise<Authorization>;
  /**
   * Skills the model must not even see (a `deny` rule, SPEC §11): left out of search results and of
   * "did you mean" suggestions. Must not ask anyone; `authorize` still decides every use.
   */
  isHidden?: (skill: Skill) => boolean;
  /**
   * Runs a `context: fork` skill as a subagent task and returns its id. Without it, `use_skill` gives
   * such a skill inline with a note that it was meant to run as a subagent.
   */
  fork?: (request: ForkRequest) => Promise<{ taskId: string }> | { taskId: string };
  /** Shell preprocessing hook for bodies (off unless given; SPEC §9). */
  preprocess?: PreprocessBody;
  /** The command a person uses to enable a skill, shown in errors (default `skillset enable`). */
  enableCommand?: string;
  /** The `name` parameter is an enum of valid names when there are at most this many (default 64). */
  nameEnumLimit?: number;
  fs?: FileSystem;
}
