/**
 * @module search (public) — what hosts get from `@skillset/core/search`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { createSkillSearch, type SkillSearchOptions } from "./create-skill-search.js";
export { searchCachePath } from "./search-cache.js";
export { splitWords } from "./search-terms.js";
export type { SearchOptions, SearchReason, SearchResult, SkillSearch } from "./search-types.js";
