/**
 * @module Strict validation of a parsed frontmatter mapping against the Agent Skills specification
 * (SPEC §4). Pure: no disk access. Findings come in the reference validator's order: unexpected fields,
 * then name, then description, then compatibility. Fields skillset honours beyond the specification are
 * notes, not unexpected fields, unless `specOnly` (see `extension-fields.ts`). The field rules themselves are the parser's
 * (`check-spec-fields.ts`), shared with lenient parsing; this adds what only strict mode asks.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import {
  checkCompatibility,
  checkDescription,
  checkName,
  type FieldCheckOptions,
} from "../parser/check-spec-fields.js";
import { fieldsBeyondSpec } from "./extension-fields.js";

/** Options of {@link validateFrontmatter}: where the findings point, and their severity. */
export interface FrontmatterCheckOptions extends FieldCheckOptions {
  /**
   * Only the base specification: the fields skillset honours beyond it (`argument-hint`, `context`, …) are
   * unexpected fields like any other. Default false: each is an `extension-field` note instead.
   */
  specOnly?: boolean;
}

/**
 * Checks a frontmatter mapping (the raw YAML, keys as written) against the specification. Returns no
 * diagnostics for a valid skill.
 *
 * @example
 * validateFrontmatter({ name: "pdf", description: "Fill PDF forms. Use when…" }, { path, dirName: "pdf" })
 * // → []
 */
export function validateFrontmatter(
  raw: Readonly<Record<string, unknown>>,
  options: FrontmatterCheckOptions,
): Diagnostic[] {
  const { path, dirName, keyLines = {}, severity = "error", specOnly = false } = options;
  const found: Diagnostic[] = [];

  found.push(...fieldsBeyondSpec(raw, { path, keyLines, severity, specOnly }));

  const fields = { path, keyLines, severity, ...(dirName === undefined ? {} : { dirName }) };
  if (!Object.hasOwn(raw, "name")) {
    const suggestion = dirName ? `name: ${dirName}` : "name: <folder name>";
    found.push(
      diagnostic(
        severity,
        "missing-name",
        `Missing required field in frontmatter: name. Add ${suggestion} to SKILL.md.`,
        path,
        { field: "name" },
      ),
    );
  } else {
    found.push(...checkName(raw.name, fields));
  }

  if (!Object.hasOwn(raw, "description")) {
    found.push(
      diagnostic(
        severity,
        "missing-description",
        "Missing required field in frontmatter: description. Add description: saying what the skill does and when to use it to SKILL.md.",
        path,
        { field: "description" },
      ),
    );
  } else {
    found.push(...checkDescription(raw.description, fields));
  }

  if (Object.hasOwn(raw, "compatibility")) found.push(...checkCompatibility(raw.compatibility, fields));
  return found;
}
