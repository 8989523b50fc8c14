/**
 * @module Mentions and commands (SPEC §8): find `$name`, `[$name](path)`, `/name args` and `skill://`
 * in a message, and resolve them against the registry into activations, diagnostics and the task text.
 * Hosts get `public.ts` (`@skillset/core/mentions`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
