/**
 * @module Strict validation of a parsed frontmatter mapping against the Agent Skills specification
 * (SPEC §4). Pure: no disk access. Findings come in the reference validator's order: unexpected fields,
 * then name, then description, then compatibility. The field rules themselves are the parser's
 * (`check-spec-fields.ts`), shared with lenient parsing; this adds what only strict mode asks.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import {
  checkCompatibility,
  checkDescription,
  checkName,
  type FieldCheckOptions,
} from "../parser/check-spec-fields.js";
import { ALLOWED_FIELDS } from "./allowed-fields.js";

/** Options of {@link validateFrontmatter}: where the findings point, and their severity. */
export type FrontmatterCheckOptions = FieldCheckOptions;

const allowedFields = new Set(ALLOWED_FIELDS);
const allowedList = `[${ALLOWED_FIELDS.map((field) => `'${field}'`).join(", ")}]`;

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
  const { path, dirName, keyLines = {}, severity = "error" } = options;
  // Built without spreads: this runs for every skill of a tree, and most real skills have findings.
  const where = (field: string) => {
    const line = keyLines[field];
    return line === undefined ? { field } : { line, column: 1, field };
  };
  const found: Diagnostic[] = [];

  const unexpected: string[] = [];
  for (const key of Object.keys(raw)) if (!allowedFields.has(key)) unexpected.push(key);
  if (unexpected.length > 0) {
    unexpected.sort();
    const first = unexpected.find((key) => keyLines[key] !== undefined) ?? unexpected[0]!;
    found.push(
      diagnostic(
        severity,
        "unexpected-fields",
        `Unexpected fields in frontmatter: ${unexpected.join(", ")}. Only ${allowedList} are allowed. Move them under metadata: or remove them from SKILL.md.`,
        path,
        where(first),
      ),
    );
  }

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
