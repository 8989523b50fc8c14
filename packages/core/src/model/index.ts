/**
 * @module model — what every stage shares: skills, diagnostics, the stable codes, the error class, text made
 * inert for a terminal, folder integrity and `skill://` URIs.
 * Hosts get `public.ts` (`@skillset/core/model`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
