export {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  SKILLSET_ERROR_CODES,
  type SkillsetCode,
  type SkillsetErrorCode,
} from "./codes.js";
export { type Diagnostic, diagnostic, hasErrors, type Severity } from "./diagnostic.js";
export { SkillsetError } from "./errors.js";
export {
  compareCodePoints,
  type FileHash,
  folderIntegrity,
  INTEGRITY_PREFIX,
  sha256Hex,
} from "./folder-integrity.js";
export { hasControls, type InertOptions, inertForTerminal, stripControls } from "./inert-text.js";
export { mergeDiagnostics } from "./merge-diagnostics.js";
export { type ParsedSkillUri, parseSkillUri, type SkillUri, type SkillUriError } from "./parse-skill-uri.js";
export {
  type ExternalSkillSource,
  type RemoteApprovalState,
  type RemoteFileContent,
  type RemoteOrigin,
  type RemoteResource,
  type RemoteSkillReader,
  remoteOriginOf,
  resourceSetKey,
  type SkillListing,
} from "./remote-origin.js";
export {
  type Frontmatter,
  type HookSpec,
  type Invocation,
  type OpenAiMetadata,
  qualifiedName,
  SCOPES,
  type Scope,
  type Skill,
  type SkillSource,
  type ToolDependency,
} from "./skill.js";
export { createNameIndex, type NameIndex, suggestNames } from "./suggest-names.js";
