/**
 * @module roots (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { foldersBetween } from "./find-project-root.js";
export { listRoots, listRootsFor } from "./list-roots.js";
export type { RootsOptions } from "./root.js";
export { systemSkillsDir } from "./system-skills-dir.js";
