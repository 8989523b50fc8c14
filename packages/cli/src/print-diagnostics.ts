/**
 * @module The human format of validation and lint findings: grouped by file, one line per finding with
 * its line:column, severity, message and code, then a summary line. Coloured unless NO_COLOR.
 */
import { type Diagnostic, inertForTerminal, type Severity } from "@skillset/core/model";
import type { ValidationReport, ValidationSummary } from "@skillset/core/validate";
import { painter, type Style } from "./color.js";
import { displayPath } from "./display-path.js";
import { wrapWidth } from "./terminal/wrap-width.js";

/** Options of {@link formatDiagnostics}. */
export interface FormatDiagnosticsOptions {
  /** Paths are shown relative to this folder when inside it. */
  cwd: string;
  /** Whether to colour the text. */
  color: boolean;
  /** Terminal width to wrap messages to; undefined (piped) keeps each finding on one line. */
  columns?: number;
}

const severityStyles: Record<Severity, Style> = { error: "red", warning: "yellow", info: "blue" };

/** The message without a leading `<path>: ` or `<path> ` when the path is already its group's heading. */
function withoutPath(message: string, path: string): string {
  if (message.startsWith(`${path}: `)) return message.slice(path.length + 2);
  if (message.startsWith(`${path} `)) return `This file ${message.slice(path.length + 1)}`;
  return message;
}

function location(finding: Diagnostic): string {
  if (finding.line === undefined) return "";
  return finding.column === undefined ? String(finding.line) : `${finding.line}:${finding.column}`;
}

/** `1 skill checked, 2 errors, 0 warnings`. */
export function formatSummary(summary: ValidationSummary, color: boolean): string {
  const paint = painter(color);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const text = `${plural(summary.skills, "skill")} checked, ${plural(summary.errors, "error")}, ${plural(summary.warnings, "warning")}`;
  const style: Style = summary.errors > 0 ? "red" : summary.warnings > 0 ? "yellow" : "green";
  return paint(style, text);
}

/**
 * Formats the findings of many reports, grouped by the file each finding is about (a lint finding may
 * point at a reference file or a script). Clean reports print nothing. Ends with a newline when there
 * is any output.
 *
 * @example
 * formatDiagnostics(reports, { cwd, color: false })
 * // "skills/pdf/SKILL.md\n  2:1  error  Skill name 'Pdf' must be lowercase. …  name-uppercase\n"
 */
export function formatDiagnostics(
  reports: readonly ValidationReport[],
  options: FormatDiagnosticsOptions,
): string {
  const paint = painter(options.color);
  const groups = new Map<string, Diagnostic[]>();
  for (const report of reports) {
    for (const finding of report.diagnostics) {
      const group = groups.get(finding.path);
      if (group) group.push(finding);
      else groups.set(finding.path, [finding]);
    }
  }
  const blocks: string[] = [];
  for (const [path, findings] of groups) {
    const width = Math.max(...findings.map((finding) => location(finding).length));
    const severityWidth = Math.max(...findings.map((finding) => finding.severity.length));
    const lines = [paint("bold", displayPath(path, options.cwd))];
    for (const finding of findings) {
      const where = location(finding).padEnd(width);
      const severity = paint(severityStyles[finding.severity], finding.severity.padEnd(severityWidth));
      const message = inertForTerminal(withoutPath(finding.message, path).replace(/\s*\n\s*/g, " "));
      const line = `  ${where ? `${paint("dim", where)}  ` : ""}${severity}  ${message}  ${paint("gray", finding.code)}`;
      lines.push(options.columns === undefined ? line : wrapWidth(line, options.columns, "      "));
    }
    blocks.push(lines.join("\n"));
  }
  return blocks.length === 0 ? "" : `${blocks.join("\n\n")}\n`;
}
