/**
 * @module tools — the model's skill tools (SPEC §10): each an input schema, its JSON Schema, a
 * description from `prompts/`, and a handler that returns a result and never throws.
 * Hosts get `public.ts` (`@skillset/core/tools`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
