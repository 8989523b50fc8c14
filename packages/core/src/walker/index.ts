/**
 * @module walker — breadth-first, bounded search of one root for SKILL.md files (SPEC §5 Walking), and the
 * link policy every reader of skill files shares.
 */
export { isSameOrInside } from "../fs/is-same-or-inside.js";
export type { FolderListings, KeptListing } from "./folder-listings.js";
export {
  insideAreas,
  isSkillFileName,
  linkAreasFor,
  linkLeavesArea,
  linkRefused,
  notRegularFile,
  refuseSkillFileLink,
} from "./link-policy.js";
export { pickSkillFile } from "./pick-skill-file.js";
export { checkedTreeLimitReached } from "./walk-diagnostics.js";
export { walkRoot } from "./walk-root.js";
export type { FoundSkillFile, WalkOptions, WalkResult } from "./walk-types.js";
