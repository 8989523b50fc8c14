/**
 * @module internal — what the stages give each other and not hosts: each stage's `internal.ts`.
 * It may change in any release, without notice; a host that needs a name from here should ask for it to
 * become public.
 */
export * from "./audit/internal.js";
export * from "./catalog/internal.js";
export * from "./completion/internal.js";
export * from "./config/internal.js";
export * from "./fs/internal.js";
export * from "./loader/internal.js";
export * from "./mentions/internal.js";
export * from "./model/internal.js";
export * from "./parser/internal.js";
export * from "./policy/internal.js";
export * from "./registry/internal.js";
export * from "./roots/internal.js";
export * from "./search/internal.js";
export * from "./session/internal.js";
export * from "./state/internal.js";
export * from "./tools/internal.js";
export * from "./validate/internal.js";
export * from "./walker/internal.js";
