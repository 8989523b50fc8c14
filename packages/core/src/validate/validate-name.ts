/**
 * @module The `name` rules of the Agent Skills specification, in the order and wording of the reference
 * validator (`skills-ref`): length, lowercase, hyphens, characters, then the directory.
 */
import { type Diagnostic, diagnostic, type Severity } from "../model/diagnostic.js";
import { MAX_NAME_LENGTH } from "../parser/index.js";
import { codePointLength, frontmatterText } from "./frontmatter-text.js";

/** Where and how to report a name finding. */
export interface NameCheckOptions {
  /** Path of SKILL.md, put on every diagnostic. */
  path: string;
  /** Folder holding SKILL.md; when given, the name must equal it after NFKC. */
  dirName?: string;
  /** Position of the `name:` key, when known. */
  at?: { line: number; column: number };
  /** Severity of the findings (default `error`). */
  severity?: Severity;
}

/** Letters of any script and digits, as Python's `str.isalnum` sees them, and hyphens. */
const allowedName = /^[\p{L}\p{N}-]*$/u;
const allowedCharacter = /^[\p{L}\p{N}-]$/u;

/** The characters that are not allowed, each once; empty for a valid name (one regex test). */
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
 */
export function validateName(value: unknown, options: NameCheckOptions): Diagnostic[] {
  const { path, dirName, at, severity = "error" } = options;
  const where = at ? { line: at.line, column: at.column, field: "name" } : { field: "name" };
  const report = (code: string, message: string) => diagnostic(severity, code, message, path, where);
  const text = frontmatterText(value);
  if (text === undefined || text.trim() === "") {
    const suggestion = dirName ? `name: ${dirName}` : "name: <folder name>";
    return [
      report("name-empty", `Field 'name' must be a non-empty string. Write ${suggestion} in SKILL.md.`),
    ];
  }
  const name = text.trim().normalize("NFKC");
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
  const lower = name.toLowerCase();
  if (name !== lower) {
    found.push(
      report(
        "name-uppercase",
        `Skill name '${name}' must be lowercase. Write name: ${lower} in SKILL.md and rename the folder to match.`,
      ),
    );
  }
  if (name.startsWith("-") || name.endsWith("-")) {
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
  const bad = invalidCharacters(name);
  if (bad.length > 0) {
    found.push(
      report(
        "name-invalid-characters",
        `Skill name '${name}' contains invalid characters. Only letters, digits, and hyphens are allowed. Replace ${quoteList(bad)} with hyphens in SKILL.md and in the folder name.`,
      ),
    );
  }
  if (dirName !== undefined && dirName.normalize("NFKC") !== name) {
    found.push(
      report(
        "name-directory-mismatch",
        `Directory name '${dirName}' must match skill name '${name}'. Rename the folder to '${name}' or write name: ${dirName} in SKILL.md.`,
      ),
    );
  }
  return found;
}
