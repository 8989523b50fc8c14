/**
 * @module audit — what a skill does, found before it is installed, loaded or served (SPEC §17): findings
 * with rule, category, severity, file, line, evidence, why and how to check. Offline and deterministic.
 * Hosts get `public.ts` (`@skillset/core/audit`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
