/**
 * @module roots (public) — what hosts get from `@skillset/core/roots`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { findProjectRoot } from "./find-project-root.js";
export { type SkillProvider, skillProviders, type UserSkillsDir } from "./provider-table.js";
export type { Root } from "./root.js";
