/**
 * @module One agent conversation (SPEC §12): the catalog, the turn pipeline, the tools with the policy
 * plugged in, tool narrowing, hooks, dependencies, compaction and snapshots. The one orchestrator of the
 * session stage: its state is in `session-state.ts`, a turn in `prepare-turn.ts`, activation in
 * `session-activation.ts`, the tools in `session-tools.ts`, snapshots in `session-snapshot.ts`; every rule
 * they apply lives in the stages before it.
 */
import { checkToolCall, filterTools } from "../policy/tool-policy.js";
import { catalogWithoutSearch } from "./catalog-without-search.js";
import { compactedMessages } from "./compact-session.js";
import { prepareTurn } from "./prepare-turn.js";
import { deactivateSkill } from "./session-activation.js";
import { inspectSession, restoreSnapshot, takeSnapshot } from "./session-snapshot.js";
import {
  createSessionState,
  currentPolicy,
  ensureOpen,
  type SessionParts,
  sessionCatalog,
} from "./session-state.js";
import { sessionTools } from "./session-tools.js";
import type { SessionOptions, SkillSession } from "./session-types.js";

export type { SessionParts } from "./session-state.js";

/** Builds a session; use `skills.session(options)`. */
export function createSession(parts: SessionParts, options: SessionOptions = {}): SkillSession {
  const state = createSessionState(parts, options);
  const { host } = state;

  const session: SkillSession = {
    get id() {
      return state.id;
    },

    systemPrompt() {
      ensureOpen(state);
      const result = sessionCatalog(state);
      return host.offersSearch === false
        ? catalogWithoutSearch(result.text, result.omitted.length)
        : result.text;
    },

    prepareTurn: (text, turnOptions) => prepareTurn(state, text, turnOptions),

    tools() {
      ensureOpen(state);
      return sessionTools(state);
    },

    filterTools: ((tools: Record<string, unknown>) => {
      ensureOpen(state);
      return filterTools(tools, currentPolicy(state));
    }) as SkillSession["filterTools"],

    checkToolCall(name, input) {
      ensureOpen(state);
      return checkToolCall(currentPolicy(state), name, input);
    },

    toolPolicy() {
      ensureOpen(state);
      return currentPolicy(state);
    },

    deactivate(nameOrPath) {
      ensureOpen(state);
      for (const skill of [...state.active.values()]) {
        const named =
          nameOrPath === undefined ||
          [skill.qualifiedName, skill.name, skill.path, skill.id].includes(nameOrPath);
        if (named) deactivateSkill(state, skill);
      }
    },

    hooks(event, toolName) {
      ensureOpen(state);
      return state.hooks.fire(event, toolName);
    },

    environment() {
      ensureOpen(state);
      return Object.fromEntries(state.dependencies.sessionEnv);
    },

    on(listener) {
      ensureOpen(state);
      state.listeners.add(listener);
      return () => void state.listeners.delete(listener);
    },

    inspect() {
      ensureOpen(state);
      return inspectSession(state);
    },

    async compacted(compaction = {}) {
      ensureOpen(state);
      return compactedMessages(state, compaction);
    },

    snapshot() {
      ensureOpen(state);
      return takeSnapshot(state);
    },

    restore(snapshot) {
      ensureOpen(state);
      restoreSnapshot(state, snapshot);
    },

    async close() {
      if (state.closed) return;
      for (const skill of [...state.active.values()]) deactivateSkill(state, skill);
      state.closed = true;
      state.listeners.clear();
      state.dependencies.sessionEnv.clear();
    },
  };
  return session;
}
