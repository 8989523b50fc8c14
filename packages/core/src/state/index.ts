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
  stateEnvironmentVariables,
} from "./load-enablement.js";
export { emptyState } from "./normalize-state.js";
export {
  openStateStore,
  type StateChange,
  type StateMutation,
  type StateReadResult,
  type StateStore,
  type StateStoreOptions,
} from "./open-state-store.js";
export {
  approvalFor,
  type RemoteApproval,
  type RemoteApprovalsFile,
  readRemoteApprovals,
  remoteApprovalState,
  remoteApprovalsPath,
  saveRemoteApproval,
} from "./remote-approvals.js";
export { type SetSkillEnabledOptions, setSkillEnabled } from "./set-skill-enabled.js";
export { stateJsonSchema } from "./state-json-schema.js";
export { canonicalStateKey, isPathKey } from "./state-key.js";
export {
  type PermissionAnswer,
  permissionAnswerSchema,
  type SkillsetState,
  stateFileSchema,
  stateSchema,
} from "./state-schema.js";
export { keepingTrust, listTrustedProjects, revokeProjectTrust, trustProject } from "./trust-project.js";
export { type FileLockOptions, preloadFileLock, withFileLock } from "./with-file-lock.js";
export { writeFileAtomic } from "./write-file-atomic.js";
