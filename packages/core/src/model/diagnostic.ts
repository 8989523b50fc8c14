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

const TEMPLATE_SLOT = /\{(\d|path)\}/;

/**
 * Each template split once into its text and its slots (an argument's index, or -1 for the path): a list
 * of 16,000 skills fills tens of thousands of messages from a few dozen templates.
 */
const compiled = new Map<string, Array<string | number>>();

function compile(template: string): Array<string | number> {
  const parts: Array<string | number> = [];
  // `split` with a capturing group: text, slot key, text, slot key, …, text.
  template.split(TEMPLATE_SLOT).forEach((part, index) => {
    if (index % 2 === 0) {
      if (part !== "") parts.push(part);
    } else parts.push(part === "path" ? -1 : part.charCodeAt(0) - 48);
  });
  if (compiled.size < 1024) compiled.set(template, parts);
  return parts;
}

/** The text a template and its arguments stand for. */
export function fillTemplate(template: string, args: readonly string[], path: string): string {
  const parts = compiled.get(template) ?? compile(template);
  let text = "";
  for (const part of parts) text += typeof part === "string" ? part : part < 0 ? path : (args[part] ?? "");
  return text;
}

/**
 * A diagnostic whose message is a template and arguments until read. `message` is a getter and `toJSON`
 * writes the same JSON as a plain diagnostic (same keys, same order); the template lives in private fields,
 * so `Object.keys`, comparisons and JSON see only the diagnostic. Spreading (`{ ...found }`) copies own
 * properties only and so drops the message: copy one with {@link plainDiagnostic}.
 */
class TemplatedDiagnostic implements Diagnostic {
  // Declared, not defined: the constructor and `diagnosticOf` set them in `diagnostic`'s order, and an
  // absent place stays absent (not an own `undefined`).
  declare severity: Severity;
  declare code: SkillsetCode;
  declare path: string;
  declare line?: number;
  declare column?: number;
  declare field?: string;
  readonly #template: string;
  readonly #args: readonly string[];

  constructor(
    severity: Severity,
    code: SkillsetCode,
    template: string,
    args: readonly string[],
    path: string,
  ) {
    this.severity = severity;
    this.code = code;
    this.path = path;
    this.#template = template;
    this.#args = args;
  }

  get message(): string {
    // Read on the prototype itself (by a tool listing getters), there is no message.
    return #template in this ? fillTemplate(this.#template, this.#args, this.path) : "";
  }

  /** How `console.log` and `util.inspect` show it: as the plain diagnostic, message included. */
  [Symbol.for("nodejs.util.inspect.custom")](): Diagnostic {
    return plainDiagnostic(this);
  }

  get text(): MessageText {
    return { template: this.#template, args: this.#args };
  }

  toJSON(): Diagnostic {
    return plainDiagnostic(this);
  }
}

/**
 * Builds a diagnostic whose `message` is built from `template` and `args` only when read (printed, written
 * as JSON): thousands of skills' warnings then cost no text until someone looks.
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
  const result = new TemplatedDiagnostic(severity, code, template, args, path);
  if (where.line !== undefined) result.line = where.line;
  if (where.column !== undefined) result.column = where.column;
  if (where.field !== undefined) result.field = where.field;
  return result;
}

/** The template and arguments of a diagnostic made by {@link diagnosticOf}, else `undefined`. */
export function messageTextOf(found: Diagnostic): MessageText | undefined {
  return found instanceof TemplatedDiagnostic ? found.text : undefined;
}

/** A plain-object copy of a diagnostic, its message as text (keys in the order `diagnostic` gives them). */
export function plainDiagnostic(found: Diagnostic): Diagnostic {
  const { severity, code, message, path, line, column, field } = found;
  return diagnostic(severity, code, message, path, whereOf(line, column, field));
}

function whereOf(line: number | undefined, column: number | undefined, field: string | undefined) {
  const where: { line?: number; column?: number; field?: string } = {};
  if (line !== undefined) where.line = line;
  if (column !== undefined) where.column = column;
  if (field !== undefined) where.field = field;
  return where;
}

/** `found` with its message prefixed by its path (`/x/SKILL.md: …`), its text still built only when read. */
export function prefixedByPath(found: Diagnostic): Diagnostic {
  const text = messageTextOf(found);
  if (text === undefined) return { ...found, message: `${found.path}: ${found.message}` };
  const { severity, code, path, line, column, field } = found;
  return diagnosticOf(
    severity,
    code,
    `{path}: ${text.template}`,
    text.args,
    path,
    whereOf(line, column, field),
  );
}

/** True when any diagnostic in the list is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
