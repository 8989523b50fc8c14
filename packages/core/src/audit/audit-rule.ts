/**
 * @module The shape of an audit rule and the helpers every rule uses to report: a hit names the file and
 * line and quotes a short, inert piece of the text.
 */
import { inertForTerminal } from "../model/inert-text.js";
import { ownCopy } from "../model/own-copy.js";
import { type AuditCategory, type AuditFinding, type AuditSeverity, severityRank } from "./audit-finding.js";
import { matchIndex } from "./line-pattern.js";
import type { AuditContext, CodeUnit } from "./scan-context.js";

/** What a rule reports; the rest of the finding comes from the rule. */
export interface RuleHit {
  file: string;
  line?: number;
  evidence: string;
  /** When this hit is worse or milder than the rule's default. */
  severity?: AuditSeverity;
  /** Said instead of the rule's `why` (say, naming the other file of a flow). */
  why?: string;
  /** From a described example rather than a request (see `CodeUnit.illustrative`): capped at low. */
  illustrative?: boolean;
  /**
   * The least an example of this hit is lowered to: code that would do real harm if run (a script fetched
   * from a real host and run, a secret sent out, a home folder deleted, a key added) stays at least medium
   * whatever the words around it say.
   */
  floor?: AuditSeverity;
}

/** One rule. */
export interface AuditRule {
  id: string;
  category: AuditCategory;
  /** The default severity of a hit. */
  severity: AuditSeverity;
  /** One line: what it finds. */
  summary: string;
  why: string;
  check: string;
  run(context: AuditContext): RuleHit[];
}

// Characters a reader cannot see: zero-width, word joiner, BOM, tag characters, variation selectors.
const INVISIBLE =
  /[\u200b-\u200d\u2060-\u2064\ufeff\u180e]|[\u{e0000}-\u{e007f}]|[\u{e0100}-\u{e01ef}]|[\ufe00-\ufe0f]/gu;

/** `text` cut to about `max` characters around `at` (a character offset), control and invisible characters escaped. */
export function evidence(text: string, at = 0, max = 120): string {
  let cut = text.trim();
  const offset = Math.max(0, at - (text.length - text.trimStart().length));
  if (cut.length > max) {
    const from = Math.max(0, Math.min(offset - 30, cut.length - max));
    cut = `${from > 0 ? "…" : ""}${cut.slice(from, from + max)}${from + max < cut.length ? "…" : ""}`;
  }
  // Kept in the finding after the file is done with: a copy, not a view into the file's whole text.
  return ownCopy(
    inertForTerminal(cut).replace(INVISIBLE, (character) => `\\u{${character.codePointAt(0)!.toString(16)}}`),
  );
}

/** A hit on line `line` of `unit`'s file quoting `text` around `pattern`'s match. */
export function hitAt(
  unit: CodeUnit,
  line: number,
  text: string,
  pattern?: RegExp,
  extra: Partial<RuleHit> = {},
): RuleHit {
  // The line as written (its comment too), when the unit read it without one.
  const written = unit.comments ? unit.file.line(line - 1) : text;
  const at = pattern ? (matchIndex(pattern, written) ?? matchIndex(pattern, text) ?? 0) : 0;
  const hit: RuleHit = { file: unit.file.path, line, evidence: evidence(written, at), ...extra };
  if (unit.illustrative) hit.illustrative = true;
  return hit;
}

/** `severity` capped at `cap`. */
export function lower(severity: AuditSeverity, cap: AuditSeverity): AuditSeverity {
  return severityRank(severity) > severityRank(cap) ? cap : severity;
}

/** The finding a hit of `rule` makes; an illustrative hit is capped at low, or at its floor when it has one. */
export function toFinding(rule: AuditRule, hit: RuleHit): AuditFinding {
  let severity = hit.severity ?? rule.severity;
  if (hit.illustrative) severity = lower(severity, hit.floor ?? "low");
  const finding: AuditFinding = {
    rule: rule.id,
    category: rule.category,
    severity,
    file: hit.file,
    evidence: hit.evidence,
    why: hit.why ?? rule.why,
    check: rule.check,
  };
  if (hit.line !== undefined) finding.line = hit.line;
  return finding;
}
