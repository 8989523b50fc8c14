/**
 * @module completion (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { type CursorToken, findTokenAt } from "./find-token-at.js";
