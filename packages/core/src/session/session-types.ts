/**
 * @module The shapes of a session (SPEC §12): what a host gives (`SessionHost`), what each turn returns
 * (`PreparedTurn`), what `inspect()`, `compacted()` and `snapshot()` report, and the events. These shapes
 * are the contract the MCP server and the AI SDK adapter build on: extend them, do not change them.
 */
import type { CatalogFormatName } from "../catalog/catalog-format.js";
import type { MentionsConfig } from "../config/config-schema.js";
import type { LoadKey } from "../loader/reload-tracker.js";
import type { EnvelopeName } from "../loader/render-envelope.js";
import type { Mention } from "../mentions/mention.js";
import type { MentionSource, SkillReference } from "../mentions/resolve-mentions.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";
import type { ConfirmAnswer, ConfirmRequest } from "../policy/policy.js";
import type { SkillHook } from "../policy/skill-hooks.js";
import type { FilteredTools, NarrowingMode, ToolCallDecision, ToolPolicy } from "../policy/tool-policy.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { ForkRequest } from "../tools/tools-context.js";

/** Asked when a skill needs an environment variable that is not set (the value stays in memory, for this session). */
export interface EnvPromptRequest {
  name: string;
  description?: string;
  skill: Skill;
  /** Always true: show a secret input, never echo or log the value. */
  secret: true;
}

/** Asked once per session for each MCP server a skill needs and the host does not have. */
export interface McpServerRequest {
  server: string;
  description?: string;
  skill: Skill;
}

/**
 * The host's callbacks and choices. Every callback is optional and bounded by `policy.hostTimeoutMs`
 * (default 2 minutes): one that throws or never answers counts as "no", with a diagnostic.
 */
export interface SessionHost {
  /** A rule says `ask`: may this skill be used? Return `{ allow, remember: true }` to keep the answer. */
  confirm?(request: ConfirmRequest): ConfirmAnswer | Promise<ConfirmAnswer>;
  /** A needed environment variable is missing: the value, or `undefined` to refuse the skill. */
  promptEnv?(request: EnvPromptRequest): string | undefined | Promise<string | undefined>;
  /** A needed MCP server is missing: install it (the host does) or skip it. Asked once per server per session. */
  installMcpServer?(request: McpServerRequest): "install" | "skip" | Promise<"install" | "skip">;
  /** MCP servers the host has; without it MCP dependencies are not checked. */
  mcpServers?: readonly string[] | (() => readonly string[]);
  /**
   * Runs a `context: fork` skill as a subagent task; the request is also returned in `turn.forks`. Without
   * it, a turn inserts the skill's body inline (in `turn.messages`) with a `fork-unsupported` warning.
   */
  fork?(request: ForkRequest): { taskId: string } | Promise<{ taskId: string }>;
  /** Whether the host offers `skill_search` to the model (default true); the catalog mentions it only then. */
  offersSearch?: boolean;
  /** Envelope of the messages `prepareTurn` returns (default `message`: a user-role `<skill>` block). */
  envelope?: Extract<EnvelopeName, "message" | "preloaded">;
  /** Tool narrowing while a skill with `allowed-tools` is active (default `policy.toolNarrowing`). */
  narrowing?: NarrowingMode;
  /** Turns shell preprocessing on for this session (trusted scopes only; default `policy.shellPreprocessing`). */
  shellPreprocessing?: boolean;
  /** Mention settings over the configuration's: the host's own commands, connector slugs, hint commands. */
  mentions?: Partial<MentionsConfig>;
}

/** Options of `skills.session(…)`. */
export interface SessionOptions {
  /**
   * The model's context window in tokens, a whole number of 1 or more (else `skills.session()` throws
   * `options-invalid`); the catalog gets its share (`catalog.budgetPercent`).
   */
  contextWindow?: number;
  host?: SessionHost;
  /** Catalog format (default `catalog.format`). */
  format?: CatalogFormatName;
  /** Session id, for `${SESSION_ID}` in bodies (default: a random UUID). */
  id?: string;
}

/** A message to insert into the conversation before the model answers. */
export interface SessionMessage {
  role: "user" | "system";
  content: string;
  /** The skill it carries. */
  skill: Skill;
}

/** One skill a turn activated. */
export interface TurnActivation {
  skill: Skill;
  /** How it was asked for. */
  via: "mention" | "command";
  /** The mention that asked for it. */
  mention: Mention;
  /** Arguments given (`/name args`). */
  args?: string;
  /** `inline`: its body is in `turn.messages`; `fork`: see `turn.forks`. */
  context: "inline" | "fork";
  /** Frontmatter `model`, for the host to switch to while the skill runs. */
  model?: string;
  /** True when the body was already in the conversation and only a reminder was inserted. */
  suppressed: boolean;
}

/** A `context: fork` request, with the task id when the host's `fork` started it. */
export interface TurnFork extends ForkRequest {
  taskId?: string;
}

/** What `prepareTurn` returns. */
export interface PreparedTurn {
  source: MentionSource;
  activations: TurnActivation[];
  /** Envelopes to insert (inline skills), in activation order. */
  messages: SessionMessage[];
  /** Mention findings, refusals (permission, dependencies, preprocessing) and skill warnings. */
  diagnostics: Diagnostic[];
  /** `Using skill: <name>` lines to show the person. */
  visibleLines: string[];
  /** The tool narrowing in force after this turn (all active skills). */
  toolPolicy: ToolPolicy;
  forks: TurnFork[];
  /** The text after the mentions: what to send the model as the task. */
  task: string;
  /** The `model` override of the last activated skill that has one. */
  model?: string;
  /** Every mention found, in order. */
  mentions: Mention[];
  /** `skill://` references (recorded for the host, never activations). */
  references: SkillReference[];
}

/** A skill loaded in this conversation. */
export interface LoadedRecord {
  name: string;
  path: string;
  /** Frontmatter `version` (or `metadata.version`), when the skill declares one. */
  version?: string;
  /** SKILL.md's modification time when it was loaded. */
  mtimeMs: number;
  /** How it was loaded. */
  via: "mention" | "command" | "tool" | "restore";
  /** Whether it still narrows tools and holds hooks. */
  active: boolean;
  /** The arguments it was loaded with, when any (compaction loads it again with them). */
  args?: string | readonly string[];
  /** It ran in a subagent (`context: fork` through the host's fork callback), not in this conversation. */
  forked?: true;
}

/** What `inspect()` reports (also `skillset resolve --inspect`). */
export interface SessionInspection {
  id: string;
  catalog: {
    format: CatalogFormatName;
    tokens: number;
    budget: number;
    /** Qualified names listed, in order. */
    listed: string[];
    /** Listed with a shortened description. */
    shortened: string[];
    /** Left out for lack of budget. */
    omitted: string[];
    /** Hidden by a permission rule or an override. */
    hidden: string[];
  };
  loaded: LoadedRecord[];
  toolPolicy: ToolPolicy;
  hooks: SkillHook[];
}

/** What a host re-inserts after compacting its history. */
export interface CompactedOptions {
  /** `reference` (default): a short line per skill; `body`: the whole body again. */
  keep?: "reference" | "body";
}

/** Plain JSON that carries a session across processes. Holds no secret. */
export interface SessionSnapshot {
  version: 1;
  id: string;
  loads: LoadKey[];
  lastUsed: [string, number][];
  loaded: LoadedRecord[];
  /** Ids (SKILL.md real paths) of the active skills. */
  active: string[];
  firedHooks: string[];
  /** MCP servers already asked about, with the answer. */
  mcpAnswers: [string, "install" | "skip"][];
}

/** Session events. */
export type SessionEvent =
  | { type: "activated"; skill: Skill; via: "mention" | "command" | "tool" }
  | { type: "deactivated"; skill: Skill };

/** One agent conversation (SPEC §12). Every method throws `SkillsetError` `session-closed` after `close()`. */
export interface SkillSession {
  readonly id: string;
  /** The catalog for the system prompt: permitted, model-invocable skills within the budget. */
  systemPrompt(): string;
  /**
   * Resolves `$mentions` and `/commands` in `text` (person or model), checks permission and dependencies,
   * loads the activated skills and returns what to insert. Never throws for any text; refusals are
   * diagnostics.
   */
  prepareTurn(text: string, options?: { source?: MentionSource }): Promise<PreparedTurn>;
  /** `skill_search`, `skill_load`, `use_skill`, `skill_read`, with the policy plugged in (without `skill_search` when the host does not offer it). */
  tools(): SkillTool[];
  /** The host's tools narrowed by the active skills' `allowed-tools` / `disallowed-tools`. */
  filterTools<T>(tools: Record<string, T>): FilteredTools<Record<string, T>>;
  filterTools<T extends { name: string }>(tools: readonly T[]): FilteredTools<T[]>;
  /** Checks one call of a host tool against the active skills' patterns (e.g. `Bash(git:*)`). */
  checkToolCall(name: string, input: unknown): ToolCallDecision;
  /** The narrowing in force. */
  toolPolicy(): ToolPolicy;
  /** Ends a skill (or every active skill): its tool narrowing and hooks are removed. */
  deactivate(nameOrPath?: string): void;
  /** The hooks of the active skills for `event` (a `once` hook is returned once per session); the host runs them. */
  hooks(event: string, toolName?: string): SkillHook[];
  /** Values given for missing environment variables (memory only), to pass to the skill's commands. */
  environment(): Record<string, string>;
  on(listener: (event: SessionEvent) => void): () => void;
  inspect(): SessionInspection;
  /**
   * The host compacted its history: returns what to re-insert so loaded skills keep working, and lifts
   * reload suppression for their bodies (a later load gives the body again, not the reminder).
   */
  compacted(options?: CompactedOptions): Promise<SessionMessage[]>;
  snapshot(): SessionSnapshot;
  /** Takes over a snapshot's state (from this or another process). */
  restore(snapshot: SessionSnapshot): void;
  /** Ends the session: listeners dropped, further calls refused. */
  close(): Promise<void>;
}
