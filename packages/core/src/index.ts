/**
 * @module @skillset/core — the Agent Skills runtime. Each pipeline stage (SPEC §1) is a folder whose
 * `index.ts` names its public exports; this file re-exports those surfaces, in pipeline order.
 */
// biome-ignore-all assist/source/organizeImports: re-exports follow the pipeline order, not the alphabet
export * from "./fs/index.js";
export * from "./model/index.js";
export * from "./config/index.js";
export * from "./state/index.js";
export * from "./roots/index.js";
export * from "./walker/index.js";
export * from "./parser/index.js";
export * from "./validate/index.js";
export * from "./registry/index.js";
export * from "./catalog/index.js";
export * from "./mentions/index.js";
export * from "./completion/index.js";
export * from "./search/index.js";
export * from "./loader/index.js";
export * from "./tools/index.js";
