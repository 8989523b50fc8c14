/**
 * @module loader — skill bodies with arguments, the three envelopes, reload suppression, and the files
 * that come with a skill through `skill://` (SPEC §9). Loading never runs anything.
 * Hosts get `public.ts` (`@skillset/core/loader`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
