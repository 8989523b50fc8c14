/**
 * @module walker — breadth-first, bounded search of one root for SKILL.md files (SPEC §5 Walking).
 */
export { walkRoot } from "./walk-root.js";
export type { FoundSkillFile, WalkOptions, WalkResult } from "./walk-types.js";
