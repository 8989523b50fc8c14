/**
 * @module roots — where skills live: providers, the project root, and the list of roots to walk (SPEC §5).
 */
export { findProjectRoot, foldersBetween } from "./find-project-root.js";
export { listRoots, listRootsFor } from "./list-roots.js";
export { type SkillProvider, skillProviders, type UserSkillsDir } from "./provider-table.js";
export type { Root, RootsOptions } from "./root.js";
export { systemSkillsDir } from "./system-skills-dir.js";
