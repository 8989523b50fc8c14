/**
 * @module audit — what a skill does, found before it is installed, loaded or served (SPEC §17): findings
 * with rule, category, severity, file, line, evidence, why and how to check. Offline and deterministic.
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
  severityRank,
} from "./audit-finding.js";
export type { AuditRule, RuleHit } from "./audit-rule.js";
export { AUDIT_RULES, findAuditRule } from "./audit-rules.js";
export { auditSarif } from "./audit-sarif.js";
export {
  type AuditEntry,
  type AuditOptions,
  auditFiles,
  auditSkill,
  auditSkillBytes,
  auditSkills,
} from "./audit-skill.js";
export {
  type AuditFile,
  type AuditReadLimits,
  binaryKind,
  DEFAULT_AUDIT_LIMITS,
  readAuditFiles,
} from "./read-audit-files.js";
