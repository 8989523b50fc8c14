/**
 * @module audit (public) — what hosts get from `@skillset/core/audit`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export {
  AUDIT_CATEGORIES,
  AUDIT_SEVERITIES,
  type AuditCategory,
  type AuditFinding,
  type AuditSeverity,
  isAuditSeverity,
  isFlagged,
  reaches,
  type SkillAudit,
} from "./audit-finding.js";
export type { AuditRule, RuleHit } from "./audit-rule.js";
export { AUDIT_RULES } from "./audit-rules.js";
export { auditSarif } from "./audit-sarif.js";
export {
  type AuditEntry,
  type AuditOptions,
  auditSkill,
  auditSkillBytes,
  auditSkills,
} from "./audit-skill.js";
export type { AuditReadLimits } from "./read-audit-files.js";
