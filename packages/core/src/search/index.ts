/**
 * @module search — finding skills by what a person or a model asks for (SPEC §10): exact path, exact
 * name, name prefix, then text relevance with stemming, prefixes and typo tolerance.
 */
export { createSkillSearch, FIELD_BOOSTS, type SkillSearchOptions } from "./create-skill-search.js";
export { SEARCH_CACHE_VERSION, searchCachePath } from "./search-cache.js";
export { type SearchDocument, searchDocument, skillKeywords } from "./search-document.js";
export { searchTerm, splitWords } from "./search-terms.js";
export {
  SEARCH_REASONS,
  type SearchOptions,
  type SearchReason,
  type SearchResult,
  type SkillSearch,
} from "./search-types.js";
