/**
 * @module audit (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { severityRank } from "./audit-finding.js";
export { findAuditRule } from "./audit-rules.js";
export { auditFiles } from "./audit-skill.js";
export { type AuditFile, binaryKind, DEFAULT_AUDIT_LIMITS, readAuditFiles } from "./read-audit-files.js";
