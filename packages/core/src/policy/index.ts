/**
 * @module policy — permissions on every path, the agents' own settings, invocation overrides, tool
 * narrowing, dependencies, hooks, trust and shell preprocessing (SPEC §9, §11).
 * Hosts get `public.ts` (`@skillset/core/policy`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
