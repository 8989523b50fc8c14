/**
 * @module state (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export {
  createEnablement,
  type Enablement,
  type EnablementOptions,
  type StateSkillRef,
} from "./enablement.js";
export {
  enablementLayer,
  type LoadEnablementOptions,
  type LoadedEnablement,
  loadEnablement,
} from "./load-enablement.js";
export { emptyState } from "./normalize-state.js";
export type { RemoteApprovalsFile } from "./remote-approvals.js";
export { type SetSkillEnabledOptions, setSkillEnabled } from "./set-skill-enabled.js";
export { stateJsonSchema } from "./state-json-schema.js";
export { isPathKey } from "./state-key.js";
export { stateFileSchema } from "./state-schema.js";
