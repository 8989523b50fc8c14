/**
 * @module search (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { FIELD_BOOSTS } from "./create-skill-search.js";
export { SEARCH_CACHE_VERSION } from "./search-cache.js";
export { type SearchDocument, searchDocument, skillKeywords } from "./search-document.js";
export { searchTerm } from "./search-terms.js";
export { SEARCH_REASONS } from "./search-types.js";
