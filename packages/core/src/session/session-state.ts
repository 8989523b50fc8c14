/**
 * @module What one session holds (SPEC §12): its parts, the host's settings read once, and the mutable
 * state the turn, tool, snapshot and compaction modules share — what is loaded and active, the reload
 * tracker, hooks, remote grants, dependency answers. Plus the few helpers every one of them needs.
 */

import { type CatalogResult, renderCatalog } from "../catalog/render-catalog.js";
import type { MentionsConfig, SkillsetConfig } from "../config/config-schema.js";
import { nodeBuiltin } from "../fs/node-builtin.js";
import { createReloadTracker, type ReloadTracker } from "../loader/reload-tracker.js";
import { SkillsetError } from "../model/errors.js";
import type { Skill } from "../model/skill.js";
import type { Policy } from "../policy/policy.js";
import { createShellPreprocessor, type ShellPreprocessor } from "../policy/shell-preprocessor.js";
import { createHookRegistry, type HookRegistry } from "../policy/skill-hooks.js";
import { type NarrowingMode, type ToolPolicy, toolPolicyFor } from "../policy/tool-policy.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import type { SkillToolsContext } from "../tools/tools-context.js";
import { policyRegistryView } from "./policy-registry-view.js";
import type { DependencyState } from "./resolve-dependencies.js";
import type { LoadedRecord, SessionEvent, SessionHost, SessionOptions } from "./session-types.js";

/** What a session is built on (see `createSkillset`). */
export interface SessionParts {
  registry: SkillRegistry;
  policy: Policy;
  config: SkillsetConfig;
  env: Record<string, string | undefined>;
}

/** One session's state; the fields that `restore` replaces are writable. */
export interface SessionState {
  readonly parts: SessionParts;
  readonly options: SessionOptions;
  readonly host: SessionHost;
  /** How long a host callback may take (`policy.hostTimeoutMs`). */
  readonly timeoutMs: number;
  /** The registry as the policy lets the model see it. */
  readonly view: ReturnType<typeof policyRegistryView>;
  readonly narrowing: NarrowingMode;
  readonly mentions: MentionsConfig;
  id: string;
  tracker: ReloadTracker;
  hooks: HookRegistry;
  /** The last-used counter behind `lastUsed` (the catalog lists recently used skills first). */
  clock: number;
  readonly lastUsed: Map<string, number>;
  readonly active: Map<string, Skill>;
  /** The `allowed-tools` the person granted each admitted remote skill (SPEC §16). */
  readonly remoteGrants: Map<string, readonly string[]>;
  readonly loaded: Map<string, LoadedRecord>;
  readonly listeners: Set<(event: SessionEvent) => void>;
  readonly dependencies: DependencyState;
  readonly preprocess: ShellPreprocessor;
  /**
   * One tools context per session: the tools keep their search index per context (synced with the
   * registry before each search), so a host that asks for the tools every turn does not build a new index
   * each turn.
   */
  toolsContext: SkillToolsContext | undefined;
  closed: boolean;
}

/** A new session's state. Throws `options-invalid` for options it cannot work with. */
export function createSessionState(parts: SessionParts, options: SessionOptions): SessionState {
  checkContextWindow(options.contextWindow);
  const { registry, policy, config } = parts;
  const host: SessionHost = options.host ?? {};
  const dependencies: DependencyState = { env: parts.env, sessionEnv: new Map(), mcpAnswers: new Map() };
  return {
    parts,
    options,
    host,
    timeoutMs: config.policy.hostTimeoutMs,
    view: policyRegistryView(registry, policy),
    narrowing: host.narrowing ?? config.policy.toolNarrowing,
    mentions: { ...config.mentions, ...host.mentions },
    id: options.id ?? nodeBuiltin("node:crypto").randomUUID(),
    tracker: createReloadTracker(),
    hooks: createHookRegistry(),
    clock: 0,
    lastUsed: new Map(),
    active: new Map(),
    remoteGrants: new Map(),
    loaded: new Map(),
    listeners: new Set(),
    dependencies,
    preprocess: createShellPreprocessor({
      enabled: host.shellPreprocessing ?? config.policy.shellPreprocessing,
      trustedScopes: config.policy.trustedScopes,
      timeoutMs: config.policy.shellTimeoutMs,
      maxOutputBytes: config.policy.shellMaxOutputBytes,
      get env() {
        return Object.fromEntries(dependencies.sessionEnv);
      },
    }),
    toolsContext: undefined,
    closed: false,
  };
}

/** A context window that is no count of tokens would size the catalog at NaN or nothing: refused. */
function checkContextWindow(window: unknown): void {
  if (window === undefined || (Number.isInteger(window) && (window as number) >= 1)) return;
  const given = typeof window === "number" ? String(window) : JSON.stringify(window);
  throw new SkillsetError(
    "options-invalid",
    `contextWindow must be the model's context window in tokens, a whole number of 1 or more (as catalog.contextWindow in the config); got ${given}.`,
  );
}

/** Throws once the session is closed. */
export function ensureOpen(state: SessionState): void {
  if (state.closed) {
    throw new SkillsetError(
      "session-closed",
      `Session ${state.id} was closed; start a new one with skills.session().`,
    );
  }
}

/** Tells every listener; a listener's failure is the host's, and the session carries on. */
export function emit(state: SessionState, event: SessionEvent): void {
  for (const listener of state.listeners) {
    try {
      listener(event);
    } catch {
      // A listener's failure is the host's; the session carries on.
    }
  }
}

/** The tool policy of the skills active now. */
export function currentPolicy(state: SessionState): ToolPolicy {
  return policyOf(state, [...state.active.values()]);
}

/** The tool policy `skills` make in this session: its narrowing mode, trusted skills approving. */
export function policyOf(state: SessionState, skills: readonly Skill[]): ToolPolicy {
  return toolPolicyFor(skills, state.narrowing, (skill) => state.parts.policy.isTrusted(skill));
}

/** The catalog as this session renders it (format, context window, recently used first). */
export function sessionCatalog(state: SessionState): CatalogResult {
  const { config, policy } = state.parts;
  return renderCatalog(state.view.entries(), {
    ...config.catalog,
    format: state.options.format ?? config.catalog.format,
    ...(state.options.contextWindow === undefined ? {} : { contextWindow: state.options.contextWindow }),
    scopeOrder: config.discovery.scopeOrder,
    isDenied: policy.isDenied,
    lastUsed: state.lastUsed,
  });
}
