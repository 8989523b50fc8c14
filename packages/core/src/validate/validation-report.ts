/**
 * @module The result of checking one skill (strict validation or lint), and the totals over many.
 */
import type { Diagnostic } from "../model/diagnostic.js";

/** What checking one skill found. Clean skills have a report too (`valid: true`, no diagnostics). */
export interface ValidationReport {
  /** Absolute path of the SKILL.md checked; the path given when there was no skill file to check. */
  path: string;
  /** Absolute path of the skill's folder. */
  dir: string;
  /** The frontmatter `name` when it could be read. */
  name?: string;
  /** True when no diagnostic is an error. */
  valid: boolean;
  /** Every finding, in order; paths may point at other files of the skill (references, scripts). */
  diagnostics: Diagnostic[];
}

/** Totals over many reports, for the summary line and JSON output. */
export interface ValidationSummary {
  skills: number;
  errors: number;
  warnings: number;
}

/**
 * Counts skills, errors and warnings. Info findings are not counted, and neither are reports for paths
 * that held no skill file (`path === dir`) as skills.
 */
export function summarizeReports(reports: readonly ValidationReport[]): ValidationSummary {
  let errors = 0;
  let warnings = 0;
  let skills = 0;
  for (const report of reports) {
    if (report.path !== report.dir) skills++;
    for (const finding of report.diagnostics) {
      if (finding.severity === "error") errors++;
      else if (finding.severity === "warning") warnings++;
    }
  }
  return { skills, errors, warnings };
}
