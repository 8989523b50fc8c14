/**
 * @module walker (public) — what hosts get from `@skillset/core/walker`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { pickSkillFile } from "./pick-skill-file.js";
