/**
 * @module config — the configuration: its schema and defaults, the files and variables it comes from, layered
 * (admin, person, project, flags), and what a project may change (project trust).
 * Hosts get `public.ts` (`@skillset/core/config`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
