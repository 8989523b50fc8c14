/**
 * @module validate — strict validation against the Agent Skills specification, lint rules beyond it, and
 * SARIF output (SPEC §4).
 * Hosts get `public.ts` (`@skillset/core/validate`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
