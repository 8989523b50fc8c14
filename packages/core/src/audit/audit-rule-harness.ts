/**
 * @module For rule tests: audits files given as `{ path: text }` (SKILL.md gets a frontmatter when it has
 * none) and answers which rules fired at which severity.
 */
import type { AuditFinding, AuditSeverity } from "./audit-finding.js";
import { auditFiles } from "./audit-skill.js";

/** The findings for a skill made of `files`; `description` goes into SKILL.md's frontmatter. */
export function auditText(files: Record<string, string>, description = "A helper skill."): AuditFinding[] {
  const entries = Object.entries({ "SKILL.md": "Instructions.\n", ...files }).map(([path, text]) => ({
    path,
    size: text.length,
    mode: 0o644,
    text:
      path === "SKILL.md" && !text.startsWith("---")
        ? `---\nname: helper\ndescription: ${JSON.stringify(description)}\n---\n\n${text}`
        : text,
  }));
  return auditFiles(entries).findings;
}

/** The severity rule `id` reached (its worst finding), or undefined when it did not fire. */
export function severityOf(findings: readonly AuditFinding[], id: string): AuditSeverity | undefined {
  return findings.find((finding) => finding.rule === id)?.severity;
}
