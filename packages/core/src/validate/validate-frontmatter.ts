/**
 * @module Strict validation of a parsed frontmatter mapping against the Agent Skills specification
 * (SPEC §4). Pure: no disk access. Findings come in the reference validator's order: unexpected fields,
 * then name, then description, then compatibility.
 */
import { type Diagnostic, diagnostic, type Severity } from "../model/diagnostic.js";
import { MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH } from "../parser/index.js";
import { ALLOWED_FIELDS } from "./allowed-fields.js";
import { codePointLength, frontmatterText } from "./frontmatter-text.js";
import { validateName } from "./validate-name.js";

/** Options of {@link validateFrontmatter}. */
export interface FrontmatterCheckOptions {
  /** Path of SKILL.md, put on every diagnostic. */
  path: string;
  /** Folder holding SKILL.md; when given, `name` must equal it (after NFKC). */
  dirName?: string;
  /** 1-based line of each top-level key in SKILL.md (the parser's `document.keyLines`). */
  keyLines?: Readonly<Record<string, number>>;
  /** Severity of the findings (default `error`; lenient validation reports them as warnings). */
  severity?: Severity;
}

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
  const at = (key: string) => {
    const line = keyLines[key];
    return line === undefined ? undefined : { line, column: 1 };
  };
  // Built without spreads: this runs for every skill of a tree, and most real skills have findings.
  const where = (field: string) => {
    const line = keyLines[field];
    return line === undefined ? { field } : { line, column: 1, field };
  };
  const report = (code: string, field: string, message: string) =>
    diagnostic(severity, code, message, path, where(field));
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
    found.push(...validateName(raw.name, { path, dirName, at: at("name"), severity }));
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
    const description = frontmatterText(raw.description);
    if (description === undefined || description.trim() === "") {
      found.push(
        report(
          "description-empty",
          "description",
          "Field 'description' must be a non-empty string. Say what the skill does and when to use it in SKILL.md.",
        ),
      );
    } else {
      // Code points never outnumber UTF-16 units: count them only when the text could be too long.
      const length = description.length > MAX_DESCRIPTION_LENGTH ? codePointLength(description) : 0;
      if (length > MAX_DESCRIPTION_LENGTH) {
        found.push(
          report(
            "description-too-long",
            "description",
            `Description exceeds ${MAX_DESCRIPTION_LENGTH} character limit (${length} chars). Shorten it in SKILL.md and move details into the body.`,
          ),
        );
      }
    }
  }

  if (Object.hasOwn(raw, "compatibility")) {
    const compatibility = frontmatterText(raw.compatibility);
    if (compatibility === undefined) {
      found.push(
        report(
          "compatibility-not-string",
          "compatibility",
          "Field 'compatibility' must be a string. Write one line of environment requirements in SKILL.md, or remove it.",
        ),
      );
    } else if (compatibility.length === 0) {
      found.push(
        report(
          "compatibility-empty",
          "compatibility",
          "Field 'compatibility' must be 1-500 characters when present. Write the environment requirements in SKILL.md, or remove the field.",
        ),
      );
    } else {
      const length = compatibility.length > MAX_COMPATIBILITY_LENGTH ? codePointLength(compatibility) : 0;
      if (length > MAX_COMPATIBILITY_LENGTH) {
        found.push(
          report(
            "compatibility-too-long",
            "compatibility",
            `Compatibility exceeds ${MAX_COMPATIBILITY_LENGTH} character limit (${length} chars). Shorten it in SKILL.md.`,
          ),
        );
      }
    }
  }
  return found;
}
