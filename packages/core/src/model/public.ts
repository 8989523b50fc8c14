/**
 * @module model (public) — what hosts get from `@skillset/core/model`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  SKILLSET_ERROR_CODES,
  type SkillsetCode,
  type SkillsetErrorCode,
} from "./codes.js";
export { type Diagnostic, diagnostic, type Severity } from "./diagnostic.js";
export { SkillsetError } from "./errors.js";
export { type FileHash, folderIntegrity, INTEGRITY_PREFIX, sha256Hex } from "./folder-integrity.js";
export { type InertOptions, inertForTerminal, stripControls } from "./inert-text.js";
export { mergeDiagnostics } from "./merge-diagnostics.js";
export { type ParsedSkillUri, parseSkillUri, type SkillUri, type SkillUriError } from "./parse-skill-uri.js";
export type {
  ExternalSkillSource,
  RemoteApprovalState,
  RemoteFileContent,
  RemoteOrigin,
  RemoteResource,
  RemoteSkillReader,
  SkillListing,
} from "./remote-origin.js";
export { remoteOriginOf } from "./remote-origin.js";
export {
  type Frontmatter,
  type HookSpec,
  type Invocation,
  type OpenAiMetadata,
  SCOPES,
  type Scope,
  type Skill,
  type SkillSource,
  type ToolDependency,
} from "./skill.js";
export { suggestNames } from "./suggest-names.js";
