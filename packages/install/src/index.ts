/**
 * @module @skillset/install — installing, checking, updating and publishing skills (SPEC §14): sources
 * (folder, git, archive, well-known index), `skills-lock.json` with vercel-compatible `computedHash` and
 * skillset's `integrity`, strict checks and a risk summary before anything is written, path-safe and
 * bounded extraction, and atomic, recoverable commits. Kept apart from `@skillset/core` so hosts that only
 * list skills never load archive libraries.
 */
export {
  commitChanges,
  type FolderSwap,
  hasInterruptedCommit,
  recoverInterrupted,
} from "./apply/commit-changes.js";
export { copySkillTree } from "./apply/copy-skill-tree.js";
export { agentIds, agentSkillsDir } from "./apply/link-agents.js";
export { safeRelativePath } from "./apply/safe-relative-path.js";
export { computedHash } from "./digest/computed-hash.js";
export { hashSkillFolder, type SkillDigests } from "./digest/hash-skill-folder.js";
export { INTEGRITY_PREFIX, integrity } from "./digest/integrity.js";
export { type HashedFile, listHashedFiles, UNHASHED_FOLDERS } from "./digest/list-hashed-files.js";
export { defaultLimits, type InstallLimits, resolveLimits } from "./limits.js";
export { type InstallScope, resolveInstallScope } from "./lock/install-scope.js";
export {
  emptyLock,
  LOCK_VERSION,
  type LockEntry,
  type LockFile,
  type ParsedLock,
  parseLock,
  renderLock,
} from "./lock/lock-file.js";
export { readLock } from "./lock/read-lock.js";
export { type AddOptions, type AddResult, addSkills } from "./operations/add-skills.js";
export { type BuiltSkill, buildRegistry } from "./operations/build-registry.js";
export {
  type CheckResult,
  type CheckRow,
  checkSkills,
  type UpstreamState,
} from "./operations/check-skills.js";
export type { InstallIo } from "./operations/install-io.js";
export { type LocalState, sameDigests } from "./operations/local-state.js";
export {
  type RefreshOptions,
  type RefreshResult,
  type RefreshRow,
  refreshFromLock,
} from "./operations/refresh-from-lock.js";
export { removeSkills } from "./operations/remove-skills.js";
export { type Candidate, changesRisk } from "./operations/stage-candidates.js";
export { readArchive } from "./source/fetch-archive.js";
export { type FetchedSource, fetchSource } from "./source/fetch-source.js";
export type { SourceSkill } from "./source/find-source-skills.js";
export { parseSource } from "./source/parse-source.js";
export type { SourceSpec, SourceType } from "./source/source-spec.js";
export { APPROVAL_SEVERITY, flaggedFindings } from "./trust/approve-findings.js";
export type { FileChange, FileChanges } from "./trust/file-changes.js";
export { hasRisks, type RiskSummary } from "./trust/summarize-risks.js";
