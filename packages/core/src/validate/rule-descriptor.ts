/**
 * @module What every check (a strict-validation code or a lint rule) says about itself: its id, default
 * severity, a one-line summary and a one-line fix. SARIF output lists these as `tool.driver.rules`.
 */
import type { DiagnosticCode } from "../model/codes.js";
import type { Severity } from "../model/diagnostic.js";

/** Describes one check; `id` is the `code` of the diagnostics it produces. */
export interface RuleDescriptor {
  /** Stable kebab-case id, equal to the `code` of its diagnostics. */
  id: DiagnosticCode;
  /** Severity its findings have unless stated otherwise. */
  severity: Severity;
  /** One line: what the check looks for. */
  summary: string;
  /** One line: how to fix a finding. */
  fix: string;
}
