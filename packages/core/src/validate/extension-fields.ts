/**
 * @module The frontmatter fields beyond the base specification that skillset itself reads and honours
 * (SPEC §2), and the one rule for reporting them: a note naming the host the field comes from, never a
 * finding that tells someone to delete a field that works, unless the base specification alone is asked
 * for (`--spec-only`), when they are the specification's unexpected fields like any other.
 */
import { type Diagnostic, diagnostic, type Severity } from "../model/diagnostic.js";
import { keyLineOf } from "../parser/key-line.js";
import { ALLOWED_FIELDS } from "./allowed-fields.js";

/**
 * The fields beyond the specification that skillset acts on, and the host each comes from (the note names
 * it). `globs`, `paths` and `alwaysApply` are parsed into the model for hosts but change nothing skillset
 * does, so they are not here; `user-invokable` is a misspelling, honoured with its own warning, never endorsed.
 */
const ORIGINS: Readonly<Record<string, string>> = {
  "argument-hint": "a Claude Code extension",
  arguments: "a Claude Code extension",
  "disable-model-invocation": "a Claude Code extension",
  "user-invocable": "a Claude Code extension",
  context: "a Claude Code extension",
  agent: "a Claude Code extension",
  model: "a Claude Code extension",
  hooks: "a Claude Code extension",
  "disallowed-tools": "a Claude Code extension",
  version: "a common extension",
};

/** Every field skillset honours beyond the six of the specification, sorted. */
export const HONOURED_EXTENSION_FIELDS: readonly string[] = Object.keys(ORIGINS).sort();

const honoured = new Set(HONOURED_EXTENSION_FIELDS);
const allowedFields = new Set(ALLOWED_FIELDS);
const allowedList = `[${ALLOWED_FIELDS.map((field) => `'${field}'`).join(", ")}]`;

/** Whether skillset reads and honours this frontmatter field although the base specification has no such field. */
export function isHonouredExtension(field: string): boolean {
  return honoured.has(field);
}

/** Where a field is reported, and whether only the base specification counts. */
export interface ExtensionFieldOptions {
  path: string;
  /** 1-based line of each top-level key. */
  keyLines?: Readonly<Record<string, number>>;
  /** Only the base specification: no notes, every field beyond it is unexpected. */
  specOnly?: boolean;
  /** Severity of the `unexpected-fields` finding (default `error`, as strict validation gives it). */
  severity?: Severity;
}

/**
 * The findings on the fields a frontmatter mapping has beyond the specification's six: one
 * `unexpected-fields` listing those skillset does not read (every one, when `specOnly`), in the reference
 * validator's words, then an `extension-field` note per field skillset honours.
 *
 * @example
 * fieldsBeyondSpec({ name: "a", context: "fork", foo: 1 }, { path })
 * // → [unexpected-fields (foo), extension-field (context)]
 */
export function fieldsBeyondSpec(
  raw: Readonly<Record<string, unknown>>,
  options: ExtensionFieldOptions,
): Diagnostic[] {
  const { path, keyLines = {}, specOnly = false, severity = "error" } = options;
  const unexpected: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!allowedFields.has(key) && (specOnly || !honoured.has(key))) unexpected.push(key);
  }
  const found: Diagnostic[] = [];
  if (unexpected.length > 0) {
    unexpected.sort();
    const first = unexpected.find((key) => keyLineOf(keyLines, key) !== undefined) ?? unexpected[0]!;
    const line = keyLineOf(keyLines, first);
    found.push(
      diagnostic(
        severity,
        "unexpected-fields",
        `Unexpected fields in frontmatter: ${unexpected.join(", ")}. Only ${allowedList} are allowed. Move them under metadata: or remove them from SKILL.md.`,
        path,
        line === undefined ? { field: first } : { line, column: 1, field: first },
      ),
    );
  }
  found.push(...extensionFieldNotes(raw, options));
  return found;
}

/**
 * The notes on the honoured extension fields of a frontmatter mapping, in key order; none when `specOnly`
 * (then the caller reports them as unexpected fields).
 *
 * @example
 * extensionFieldNotes({ name: "a", "argument-hint": "[file]" }, { path })
 * // → [{ severity: "info", code: "extension-field", field: "argument-hint", message: "… a Claude Code extension, honoured by skillset; not in the base spec …" }]
 */
export function extensionFieldNotes(
  raw: Readonly<Record<string, unknown>>,
  options: ExtensionFieldOptions,
): Diagnostic[] {
  if (options.specOnly) return [];
  const notes: Diagnostic[] = [];
  for (const field of Object.keys(raw)) {
    if (!honoured.has(field)) continue;
    const line = keyLineOf(options.keyLines, field);
    const where = line === undefined ? { field } : { line, column: 1, field };
    notes.push(
      diagnostic(
        "info",
        "extension-field",
        `Field '${field}' is ${ORIGINS[field]}, honoured by skillset; not in the base spec (--spec-only reports it as an unexpected field).`,
        options.path,
        where,
      ),
    );
  }
  return notes;
}
