/**
 * @module Diagnostics are data: every warning or error about a skill is a value returned with results,
 * never a log line. The CLI decides how to print them (SPEC §2, STYLE 5). A diagnostic made often (one per
 * skill of a large tree) keeps its message as a template and arguments, the text built only when read
 * (`diagnosticOf`): a load of thousands of skills then neither builds nor stores texts nobody prints.
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

/**
 * A message as a template and its arguments: `{0}` … `{9}` stand for `args`, `{path}` for the diagnostic's
 * path. The template is one of this code base's own strings (the metadata cache stores it once per file),
 * the arguments anything; arguments are put in once, never read as templates themselves.
 */
export interface MessageText {
  readonly template: string;
  readonly args: readonly string[];
}

const TEMPLATE_SLOT = /\{(\d|path)\}/g;

/** The text a template and its arguments stand for. */
export function fillTemplate(template: string, args: readonly string[], path: string): string {
  return template.replace(TEMPLATE_SLOT, (_slot, key: string) =>
    key === "path" ? path : (args[key.charCodeAt(0) - 48] ?? ""),
  );
}

/** The template and arguments of diagnostics made by {@link diagnosticOf}. */
const texts = new WeakMap<Diagnostic, MessageText>();

/**
 * Builds a diagnostic whose `message` is built from `template` and `args` when read (an enumerable property
 * like any other: JSON, spreading and comparing see the text). Same shape and key order as
 * {@link diagnostic}.
 * @example diagnosticOf("warning", "shadowed", "Skill '{0}' at {path} is shadowed.", ["pdf"], path)
 */
export function diagnosticOf(
  severity: Severity,
  code: SkillsetCode,
  template: string,
  args: readonly string[],
  path: string,
  where: { line?: number; column?: number; field?: string } = {},
): Diagnostic {
  const result: Diagnostic = {
    severity,
    code,
    get message() {
      return fillTemplate(template, args, path);
    },
    path,
  };
  if (where.line !== undefined) result.line = where.line;
  if (where.column !== undefined) result.column = where.column;
  if (where.field !== undefined) result.field = where.field;
  texts.set(result, { template, args });
  return result;
}

/** The template and arguments of a diagnostic made by {@link diagnosticOf}, else `undefined`. */
export function messageTextOf(found: Diagnostic): MessageText | undefined {
  return texts.get(found);
}

/** `found` with its message prefixed by its path (`/x/SKILL.md: …`), its text still built only when read. */
export function prefixedByPath(found: Diagnostic): Diagnostic {
  const text = texts.get(found);
  if (text === undefined) return { ...found, message: `${found.path}: ${found.message}` };
  const { severity, code, path, line, column, field } = found;
  const where: { line?: number; column?: number; field?: string } = {};
  if (line !== undefined) where.line = line;
  if (column !== undefined) where.column = column;
  if (field !== undefined) where.field = field;
  return diagnosticOf(severity, code, `{path}: ${text.template}`, text.args, path, where);
}

/** True when any diagnostic in the list is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
