/**
 * @module roots — where skills live: providers, the project root, and the list of roots to walk (SPEC §5).
 * Hosts get `public.ts` (`@skillset/core/roots`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
