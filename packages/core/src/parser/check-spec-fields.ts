/**
 * @module The field rules of the Agent Skills specification (SPEC §4), implemented once: `name`,
 * `description` and `compatibility`, in the order and wording of the reference validator (`skills-ref`).
 * Strict validation reports them as errors; lenient parsing (SPEC §3) as warnings on a skill it still
 * loads. Same input, same codes, same messages: only the severity differs.
 */
import { type Diagnostic, diagnostic, diagnosticOf, type Severity } from "../model/diagnostic.js";
import { codePointLength, frontmatterText } from "./frontmatter-text.js";
import { keyLineOf } from "./key-line.js";
import { MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "./parse-limits.js";
import { suggestValidName } from "./suggest-valid-name.js";

/** Where and how to report a field finding. */
export interface FieldCheckOptions {
  /** Path of SKILL.md, put on every diagnostic. */
  path: string;
  /** Folder holding SKILL.md; when given, the name must equal it after NFKC. */
  dirName?: string;
  /** 1-based line of each top-level key in SKILL.md (the parser's `document.keyLines`). */
  keyLines?: Readonly<Record<string, number>>;
  /** `error` for strict validation (the default), `warning` for lenient parsing. */
  severity?: Severity;
}

/** Every code the field rules report (the lenient/strict agreement test compares exactly these). */
export const SPEC_FIELD_CODES = [
  "name-empty",
  "name-too-long",
  "name-uppercase",
  "name-hyphen-edge",
  "name-consecutive-hyphens",
  "name-invalid-characters",
  "name-directory-mismatch",
  "description-empty",
  "description-too-long",
  "compatibility-not-string",
  "compatibility-empty",
  "compatibility-too-long",
] as const;

/** A code the field rules report. */
export type SpecFieldCode = (typeof SPEC_FIELD_CODES)[number];

/** Letters of any script and digits, as Python's `str.isalnum` sees them (no marks), and hyphens. */
const allowedName = /^[\p{L}\p{N}-]*$/u;
const allowedCharacter = /^[\p{L}\p{N}-]$/u;

/** Reports a code of `field`: a message as written, or as a template and its arguments (`diagnosticOf`). */
function reporter(field: string, options: FieldCheckOptions) {
  const { path, keyLines, severity = "error" } = options;
  const line = keyLineOf(keyLines, field);
  const where = line === undefined ? { field } : { line, column: 1, field };
  return (code: SpecFieldCode, message: string, args?: readonly string[]) =>
    args === undefined
      ? diagnostic(severity, code, message, path, where)
      : diagnosticOf(severity, code, message, args, path, where);
}

/** Only `a`–`z`, `0`–`9` and `-`: then NFKC, lowercasing and the character class change nothing. */
function isLowercaseAscii(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (!((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d)) return false;
  }
  return true;
}

/** The characters that are not allowed, each once; empty for a valid name. */
function invalidCharacters(name: string): string[] {
  if (allowedName.test(name)) return [];
  const bad = new Set<string>();
  for (const character of name) if (!allowedCharacter.test(character)) bad.add(character);
  return [...bad];
}

function quoteList(characters: string[]): string {
  return characters.map((character) => JSON.stringify(character)).join(", ");
}

/**
 * Checks a frontmatter `name` value. The name is trimmed and NFKC-normalised first, so that a
 * compatibility form (e.g. fullwidth letters) is judged as what it normalises to. Lowercase means
 * "unchanged by lowercasing", so letters without case (Chinese, Arabic…) pass and uppercase of any
 * script fails.
 * @example checkName("Pdf", { path, dirName: "Pdf" }) // → [name-uppercase]
 */
export function checkName(value: unknown, options: FieldCheckOptions): Diagnostic[] {
  const { dirName } = options;
  const report = reporter("name", options);
  const text = frontmatterText(value);
  if (text === undefined || text.trim() === "") {
    // The folder's name is suggested only when it is itself a valid name; else a valid form of it.
    const valid = dirName ? suggestValidName(dirName) : "";
    const fix = !valid
      ? "Write name: <folder name> in SKILL.md."
      : valid === dirName
        ? `Write name: ${valid} in SKILL.md.`
        : `Write name: ${valid} in SKILL.md and name the folder ${valid}.`;
    return [report("name-empty", `Field 'name' must be a non-empty string. ${fix}`)];
  }
  const trimmed = text.trim();
  // Most names are lowercase ASCII: only their length, hyphens and folder can be wrong.
  const plain = isLowercaseAscii(trimmed);
  const name = plain ? trimmed : trimmed.normalize("NFKC");
  const found: Diagnostic[] = [];
  const length = codePointLength(name);
  if (length > MAX_NAME_LENGTH) {
    found.push(
      report(
        "name-too-long",
        `Skill name '${name}' exceeds ${MAX_NAME_LENGTH} character limit (${length} chars). Shorten the name in SKILL.md and rename its folder to match.`,
      ),
    );
  }
  const lower = plain ? name : name.toLowerCase();
  const bad = plain ? [] : invalidCharacters(name);
  const hyphenEdge = name.startsWith("-") || name.endsWith("-");
  const nameIsValid =
    length <= MAX_NAME_LENGTH && name === lower && bad.length === 0 && !hyphenEdge && !name.includes("--");
  // The name a fix suggests must itself be valid (`My_Skill` → `my-skill`, `a--b` → `a-b`).
  const fixed = nameIsValid ? name : suggestValidName(name) || (dirName ? suggestValidName(dirName) : "");
  if (name !== lower) {
    found.push(
      fixed
        ? report(
            "name-uppercase",
            "Skill name '{0}' must be lowercase. Write name: {1} in SKILL.md and name the folder {1}.",
            [name, fixed],
          )
        : report("name-uppercase", "Skill name '{0}' must be lowercase.", [name]),
    );
  }
  if (hyphenEdge) {
    found.push(
      report(
        "name-hyphen-edge",
        `Skill name cannot start or end with a hyphen ('${name}'). Remove the outer hyphens in SKILL.md and in the folder name.`,
      ),
    );
  }
  if (name.includes("--")) {
    found.push(
      report(
        "name-consecutive-hyphens",
        `Skill name cannot contain consecutive hyphens ('${name}'). Use single hyphens in SKILL.md and in the folder name.`,
      ),
    );
  }
  if (bad.length > 0) {
    found.push(
      fixed
        ? report(
            "name-invalid-characters",
            "Skill name '{0}' contains invalid characters. Only letters, digits, and hyphens are allowed. Replace {1} with hyphens in SKILL.md and in the folder name (name: {2}).",
            [name, quoteList(bad), fixed],
          )
        : report(
            "name-invalid-characters",
            "Skill name '{0}' contains invalid characters. Only letters, digits, and hyphens are allowed. Replace {1} with hyphens in SKILL.md and in the folder name.",
            [name, quoteList(bad)],
          ),
    );
  }
  if (dirName !== undefined && dirName !== name && dirName.normalize("NFKC") !== name) {
    // Each way out must end at a valid name: the folder's name is offered only when it is one.
    const folderIsValid = suggestValidName(dirName) === dirName;
    const mismatch = "Directory name '{0}' must match skill name '{1}'.";
    found.push(
      nameIsValid
        ? report(
            "name-directory-mismatch",
            folderIsValid
              ? `${mismatch} Rename the folder to '{1}' or write name: {0} in SKILL.md.`
              : `${mismatch} Rename the folder to '{1}'.`,
            [dirName, name],
          )
        : fixed
          ? report(
              "name-directory-mismatch",
              `${mismatch} Write name: {2} in SKILL.md and name the folder {2}.`,
              [dirName, name, fixed],
            )
          : report(
              "name-directory-mismatch",
              `${mismatch} Give SKILL.md a valid name and name the folder the same.`,
              [dirName, name],
            ),
    );
  }
  return found;
}

/** Checks a present `description` value: non-empty, at most 1,024 code points. */
export function checkDescription(value: unknown, options: FieldCheckOptions): Diagnostic[] {
  const report = reporter("description", options);
  const description = frontmatterText(value);
  if (description === undefined || description.trim() === "") {
    return [
      report(
        "description-empty",
        "Field 'description' must be a non-empty string. Say what the skill does and when to use it in SKILL.md.",
      ),
    ];
  }
  // Code points never outnumber UTF-16 units: count them only when the text could be too long.
  const length = description.length > MAX_DESCRIPTION_LENGTH ? codePointLength(description) : 0;
  if (length <= MAX_DESCRIPTION_LENGTH) return [];
  return [
    report(
      "description-too-long",
      `Description exceeds ${MAX_DESCRIPTION_LENGTH} character limit (${length} chars). Shorten it in SKILL.md and move details into the body.`,
    ),
  ];
}

/** Checks a present `compatibility` value: a string of 1–500 code points. */
export function checkCompatibility(value: unknown, options: FieldCheckOptions): Diagnostic[] {
  const report = reporter("compatibility", options);
  const compatibility = frontmatterText(value);
  if (compatibility === undefined) {
    return [
      report(
        "compatibility-not-string",
        "Field 'compatibility' must be a string. Write one line of environment requirements in SKILL.md, or remove it.",
      ),
    ];
  }
  if (compatibility.length === 0) {
    return [
      report(
        "compatibility-empty",
        "Field 'compatibility' must be 1-500 characters when present. Write the environment requirements in SKILL.md, or remove the field.",
      ),
    ];
  }
  const length = compatibility.length > MAX_COMPATIBILITY_LENGTH ? codePointLength(compatibility) : 0;
  if (length <= MAX_COMPATIBILITY_LENGTH) return [];
  return [
    report(
      "compatibility-too-long",
      `Compatibility exceeds ${MAX_COMPATIBILITY_LENGTH} character limit (${length} chars). Shorten it in SKILL.md.`,
    ),
  ];
}
