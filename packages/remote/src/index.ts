/**
 * @module @skillset/remote — remote skills (SPEC §16): skills served by MCP servers through the MCP
 * Skills extension (SEP-2640), listed into skillset's registry as `label:name` in the `remote` scope,
 * read lazily through the official MCP client, verified, cached and approved.
 */
export { auditRemoteSkill } from "./audit-remote-skill.js";
export { connectRemote, type RemoteConnection } from "./connect-remote.js";
export { type OpenedRemotes, openRemotes } from "./open-remotes.js";
export { RemoteCache, remoteCacheDir, sha256Digest } from "./remote-cache.js";
export { type RemoteConfigLocation, type RemotesConfig, readRemotesConfig } from "./remote-config.js";
export {
  createRemoteSource,
  REMOTE_SKILL_LIMITS,
  type RemoteServerStatus,
  type RemoteSkillAudit,
  type RemoteSkillStatus,
  type RemoteSource,
  type RemoteSourceOptions,
} from "./remote-source.js";
