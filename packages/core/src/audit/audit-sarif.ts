/**
 * @module The audit as SARIF 2.1.0, through validate's one SARIF writer: each finding becomes a result
 * (critical and high as `error`, medium `warning`, low and info `note`), each rule a descriptor.
 */
import { join } from "node:path";
import type { DiagnosticCode } from "../model/codes.js";
import type { Severity } from "../model/diagnostic.js";
import { type SarifLog, toSarif } from "../validate/to-sarif.js";
import type { ValidationReport } from "../validate/validation-report.js";
import type { AuditSeverity, SkillAudit } from "./audit-finding.js";
import { AUDIT_RULES } from "./audit-rules.js";

const LEVEL: Record<AuditSeverity, Severity> = {
  critical: "error",
  high: "error",
  medium: "warning",
  low: "info",
  info: "info",
};

/** The SARIF log of `audits`; `cwd` makes URIs relative, as `validate --sarif` does. */
export function auditSarif(
  audits: readonly SkillAudit[],
  options: { version: string; cwd?: string },
): SarifLog {
  const reports: ValidationReport[] = audits.map((audit) => ({
    path: audit.path,
    dir: audit.dir,
    valid: true,
    diagnostics: audit.findings.map((finding) => ({
      severity: LEVEL[finding.severity],
      // Audit rule ids are their own namespace (AUDIT_RULES), not diagnostic codes; the SARIF writer only
      // uses the code as the result's rule id.
      code: finding.rule as DiagnosticCode,
      message: `[${finding.severity}] ${finding.why} Evidence: ${finding.evidence}. Check: ${finding.check}`,
      path: join(audit.dir, finding.file),
      ...(finding.line === undefined ? {} : { line: finding.line }),
    })),
  }));
  return toSarif(reports, {
    toolName: "skillset-audit",
    version: options.version,
    rules: AUDIT_RULES.map((rule) => ({
      id: rule.id as DiagnosticCode,
      summary: rule.summary,
      fix: rule.check,
      severity: LEVEL[rule.severity],
    })),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
}
