/**
 * @module state — skillset's own state file: enabled skills, trusted projects, remote approvals and
 * permission answers, read, checked and written atomically under a lock.
 * Hosts get `public.ts` (`@skillset/core/state`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
