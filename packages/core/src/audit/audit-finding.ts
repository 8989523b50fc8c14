/**
 * @module What the audit reports (SPEC §17): a finding names its rule, category and severity, the file and
 * line, a short inert piece of evidence, why it matters and how to check it.
 */

/** How bad a finding is, lowest first. */
export const AUDIT_SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** What kind of harm a rule looks for. */
export const AUDIT_CATEGORIES = [
  "instructions",
  "secrets",
  "exfiltration",
  "execution",
  "obfuscation",
  "persistence",
  "destruction",
  "mismatch",
  "capabilities",
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** One finding. */
export interface AuditFinding {
  rule: string;
  category: AuditCategory;
  severity: AuditSeverity;
  /** Path relative to the skill folder, `/`-separated (`SKILL.md`, `scripts/run.sh`). */
  file: string;
  /** 1-based line, when the finding has one. */
  line?: number;
  /** The text that triggered it: short, control and invisible characters escaped. */
  evidence: string;
  why: string;
  /** How a person confirms or dismisses it. */
  check: string;
}

/** The audit of one skill. */
export interface SkillAudit {
  /** The skill folder (absolute). */
  dir: string;
  /** Its SKILL.md (absolute). */
  path: string;
  /** The frontmatter name, when it has one. */
  name?: string;
  /** Sorted by severity (worst first), then file and line. */
  findings: AuditFinding[];
  /** Files read, and files skipped (binary by kind, over the cap, links out, not regular). */
  files: { scanned: number; skipped: Array<{ file: string; reason: string }> };
}

/** The rank of a severity (info 0 … critical 4). */
export function severityRank(severity: AuditSeverity): number {
  return AUDIT_SEVERITIES.indexOf(severity);
}

/** Whether `severity` is at least `threshold`. */
export function reaches(severity: AuditSeverity, threshold: AuditSeverity): boolean {
  return severityRank(severity) >= severityRank(threshold);
}

/** Whether `value` names a severity. */
export function isAuditSeverity(value: string): value is AuditSeverity {
  return (AUDIT_SEVERITIES as readonly string[]).includes(value);
}

/** Whether any finding of `audit` reaches `threshold` (default medium): the skill is flagged. */
export function isFlagged(audit: Pick<SkillAudit, "findings">, threshold: AuditSeverity = "medium"): boolean {
  return audit.findings.some((finding) => reaches(finding.severity, threshold));
}
