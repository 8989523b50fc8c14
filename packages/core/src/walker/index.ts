/**
 * @module walker — breadth-first, bounded search of one root for SKILL.md files (SPEC §5 Walking), and the
 * link policy every reader of skill files shares.
 * Hosts get `public.ts` (`@skillset/core/walker`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
