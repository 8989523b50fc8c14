/**
 * @module Diagnostics are data: every warning or error about a skill is a value returned with results,
 * never a log line. The CLI decides how to print them (SPEC §2, STYLE 5).
 */

import type { SkillsetCode } from "./codes.js";

export type Severity = "error" | "warning" | "info";

/** One finding about a file, with a stable `code` that callers match on (never match on `message`). */
export interface Diagnostic {
  severity: Severity;
  /**
   * Stable, kebab-case identifier, e.g. `yaml-repaired`, `shadowed`: a `DiagnosticCode`, or the
   * `SkillsetErrorCode` of a caught error reported as a finding. */
  code: SkillsetCode;
  /** One sentence for a person: what is wrong, where, and how to fix it. */
  message: string;
  /** Absolute path of the file or folder the finding is about. */
  path: string;
  /** 1-based line in `path`, when known. */
  line?: number;
  /** 1-based column in `path`, when known. */
  column?: number;
  /** Frontmatter field the finding is about, when there is one. */
  field?: string;
}

/** Builds a diagnostic; keeps call sites short and the shape uniform. */
export function diagnostic(
  severity: Severity,
  code: SkillsetCode,
  message: string,
  path: string,
  where: { line?: number; column?: number; field?: string } = {},
): Diagnostic {
  const result: Diagnostic = { severity, code, message, path };
  if (where.line !== undefined) result.line = where.line;
  if (where.column !== undefined) result.column = where.column;
  if (where.field !== undefined) result.field = where.field;
  return result;
}

/** True when any diagnostic in the list is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
