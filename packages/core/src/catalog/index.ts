/**
 * @module catalog — what the model sees of the skills up front, within a token budget (SPEC §7).
 * Hosts get `public.ts` (`@skillset/core/catalog`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
