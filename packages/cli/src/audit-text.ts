/**
 * @module The audit as a person reads it (`skillset audit`, and `add`/`update` before they ask): each
 * skill's verdict, then each finding worth reading — severity, rule, file:line, the evidence, why and how
 * to check. Every piece of text from the skill is inert (the audit escaped it; paths are escaped here).
 */
import {
  type AuditFinding,
  type AuditSeverity,
  isFlagged,
  reaches,
  type SkillAudit,
} from "@skillset/core/audit";
import { inertForTerminal } from "@skillset/core/model";
import { painter } from "./color.js";
import { displayPath } from "./display-path.js";

type Paint = ReturnType<typeof painter>;

const STYLE: Record<AuditSeverity, Parameters<Paint>[0]> = {
  critical: "red",
  high: "red",
  medium: "yellow",
  low: "gray",
  info: "gray",
};

/** The lines of one finding, indented by `indent`. */
export function formatFinding(finding: AuditFinding, paint: Paint, indent = "  "): string[] {
  const where = `${inertForTerminal(finding.file)}${finding.line === undefined ? "" : `:${finding.line}`}`;
  return [
    `${indent}${paint(STYLE[finding.severity], finding.severity.padEnd(8))} ${finding.rule}  ${where}`,
    `${indent}         ${finding.evidence}`,
    `${indent}         ${paint("gray", `${inertForTerminal(finding.why)} Check: ${inertForTerminal(finding.check)}`)}`,
  ];
}

/** The findings of one audit at `low` or worse (info notes are counted, not listed). */
export function listedFindings(audit: SkillAudit): AuditFinding[] {
  return audit.findings.filter((finding) => reaches(finding.severity, "low"));
}

/** The text report of `audits`, ending with a summary line. */
export function formatAudit(
  audits: readonly SkillAudit[],
  options: { threshold: AuditSeverity; cwd: string; color: boolean },
): string {
  const paint = painter(options.color);
  const lines: string[] = [];
  let flagged = 0;
  for (const audit of audits) {
    const isBad = isFlagged(audit, options.threshold);
    if (isBad) flagged++;
    const listed = listedFindings(audit);
    const verdict = isBad ? paint("red", "flagged") : paint("green", "clean");
    const name = audit.name === undefined ? "" : `${paint("bold", inertForTerminal(audit.name))}  `;
    lines.push(`${name}${displayPath(audit.dir, options.cwd)}  ${verdict}`);
    for (const finding of listed) lines.push(...formatFinding(finding, paint));
    const notes = audit.findings.length - listed.length;
    if (notes > 0)
      lines.push(`  ${paint("gray", `${notes} info note${notes === 1 ? "" : "s"} (--json lists them)`)}`);
  }
  const noun = audits.length === 1 ? "skill" : "skills";
  lines.push(
    `${audits.length} ${noun} audited; ${flagged} flagged at ${options.threshold} or worse.${audits.length === 0 ? " No skills found." : ""}`,
  );
  return `${lines.join("\n")}\n`;
}
