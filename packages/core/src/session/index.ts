/**
 * @module session — the one object a host holds for a conversation (SPEC §12): `createSkillset()` then
 * `skills.session()`: the catalog, the turn pipeline, the tools with the policy plugged in, tool
 * narrowing, hooks, dependencies, compaction and snapshots.
 * Hosts get `public.ts` (`@skillset/core/session`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
