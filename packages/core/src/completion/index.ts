/**
 * @module Completion (seed 000 slice 2, SPEC §8): the skill names a composer offers for the `$name`,
 * `[$name`, `/name` or `skill://name` token under the cursor, ranked, with what to insert and what to
 * highlight. UI-free; fast enough to call on every keystroke.
 * Hosts get `public.ts` (`@skillset/core/completion`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
