/**
 * @module search — finding skills by what a person or a model asks for (SPEC §10): exact path, exact
 * name, name prefix, then text relevance with stemming, prefixes and typo tolerance.
 * Hosts get `public.ts` (`@skillset/core/search`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
