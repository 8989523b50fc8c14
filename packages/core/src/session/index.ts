/**
 * @module session — the one object a host holds for a conversation (SPEC §12): `createSkillset()` then
 * `skills.session()`: the catalog, the turn pipeline, the tools with the policy plugged in, tool
 * narrowing, hooks, dependencies, compaction and snapshots.
 */
export { createSession, type SessionParts } from "./create-session.js";
export {
  type CreateSkillsetOptions,
  createSkillset,
  type Skillset,
  type UnmetDependencies,
} from "./create-skillset.js";
export { policyRegistryView } from "./policy-registry-view.js";
export type {
  CompactedOptions,
  EnvPromptRequest,
  LoadedRecord,
  McpServerRequest,
  PreparedTurn,
  SessionEvent,
  SessionHost,
  SessionInspection,
  SessionMessage,
  SessionOptions,
  SessionSnapshot,
  SkillSession,
  TurnActivation,
  TurnFork,
} from "./session-types.js";
