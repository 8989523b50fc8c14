/**
 * @module registry — every skill found, ranked by precedence, with enablement, caching, reload and watch
 * (SPEC §5, §6).
 * Hosts get `public.ts` (`@skillset/core/registry`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
