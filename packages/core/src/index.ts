/**
 * @module @skillset/core — the Agent Skills runtime. Each pipeline stage (SPEC §1) is a folder; this file
 * re-exports their public surfaces by name.
 */
export * from "./fs/index.js";
export * from "./model/index.js";
