/**
 * @module state (public) — what hosts get from `@skillset/core/state`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export { checkedWritePath, type WriteRefusalCodes } from "./checked-write-path.js";
export { stateEnvironmentVariables } from "./load-enablement.js";
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
  readRemoteApprovals,
  remoteApprovalState,
  remoteApprovalsPath,
  saveRemoteApproval,
} from "./remote-approvals.js";
export { canonicalStateKey } from "./state-key.js";
export {
  type PermissionAnswer,
  permissionAnswerSchema,
  type SkillsetState,
  stateSchema,
} from "./state-schema.js";
export { keepingTrust, listTrustedProjects, revokeProjectTrust, trustProject } from "./trust-project.js";
export {
  type AssertLockHeld,
  type FileLockOptions,
  preloadFileLock,
  withFileLock,
} from "./with-file-lock.js";
export { writeFileAtomic } from "./write-file-atomic.js";
