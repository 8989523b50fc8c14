/**
 * @module session (public) — what hosts get from `@skillset/core/session`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
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
