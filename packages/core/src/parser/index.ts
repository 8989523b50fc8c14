/**
 * @module parser — SKILL.md text → ParsedSkill + diagnostics (SPEC §2, §3).
 * Hosts get `public.ts` (`@skillset/core/parser`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
