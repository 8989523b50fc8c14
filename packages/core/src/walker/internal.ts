/**
 * @module walker (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */

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
export { isMiscasedSkillFile } from "./pick-skill-file.js";
export { checkedTreeLimitReached, miscasedSkillFile } from "./walk-diagnostics.js";
export { walkRoot } from "./walk-root.js";
export type { FoundSkillFile, WalkOptions, WalkResult } from "./walk-types.js";
