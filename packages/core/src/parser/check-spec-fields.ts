/**
 * @module Lenient-mode warnings for the spec rules a skill breaks but can still be loaded with (SPEC §3):
 * name characters, name ≠ folder, over-long fields. Strict mode leaves these to the validate stage, which
 * reports them as errors in the reference validator's words (SPEC §4).
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "./parse-limits.js";

/** What {@link checkSpecFields} looks at. */
export interface SpecFieldsInput {
  path: string;
  /** The skill folder's name. */
  dirName: string;
  /** The name the skill is loaded under (frontmatter `name`, else the folder name). */
  name: string;
  /** True when `name` came from the frontmatter (only then can it mismatch the folder). */
  nameFromFrontmatter: boolean;
  /** The description as written (not normalised). */
  description?: string;
  compatibility?: string;
  keyLines?: Record<string, number>;
}

/** Letters, digits and hyphens of any script; case is checked separately. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N}-]+$/u;

/**
 * Returns warnings `name-invalid` (characters, case, hyphens), `name-too-long` (over 64 code points after
 * NFKC), `name-mismatch` (frontmatter name ≠ folder name, compared after NFKC), `description-too-long`
 * (over 1,024 code points) and `compatibility-too-long` (over 500).
 */
export function checkSpecFields(input: SpecFieldsInput): Diagnostic[] {
  const { path, keyLines } = input;
  const found: Diagnostic[] = [];
  const warn = (code: string, field: string, message: string) => {
    const line = keyLines?.[field];
    found.push(
      diagnostic(
        "warning",
        code,
        `${path}: ${message}`,
        path,
        line === undefined ? { field } : { field, line },
      ),
    );
  };
  const name = nfkc(input.name);
  const problems: string[] = [];
  // Most names are lowercase ASCII letters, digits and hyphens: then case and characters are fine.
  if (!isLowercaseAscii(name)) {
    if (name !== name.toLowerCase()) problems.push("must be lowercase");
    if (name !== "" && !NAME_CHARACTERS.test(name))
      problems.push("has invalid characters (only letters, digits and hyphens)");
  }
  if (name.startsWith("-") || name.endsWith("-")) problems.push("cannot start or end with a hyphen");
  if (name.includes("--")) problems.push("cannot contain consecutive hyphens");
  if (problems.length > 0) {
    const source = input.nameFromFrontmatter ? "`name`" : "the folder name used as name";
    warn(
      "name-invalid",
      "name",
      `${source} "${input.name}" ${problems.join(", ")}; rename it, e.g. "${suggestName(name)}".`,
    );
  }
  const length = name.length <= MAX_NAME_LENGTH ? name.length : codePoints(name);
  if (length > MAX_NAME_LENGTH) {
    warn(
      "name-too-long",
      "name",
      `\`name\` is ${length} characters, over the ${MAX_NAME_LENGTH}-character limit; shorten it.`,
    );
  }
  if (input.nameFromFrontmatter && name !== nfkc(input.dirName)) {
    warn(
      "name-mismatch",
      "name",
      `\`name\` "${input.name}" does not match its folder "${input.dirName}"; rename the folder or the name so they are equal.`,
    );
  }
  // A string is never longer in code points than in UTF-16 units: most fields need no count.
  if (input.description !== undefined && input.description.length > MAX_DESCRIPTION_LENGTH) {
    const n = codePoints(input.description);
    if (n > MAX_DESCRIPTION_LENGTH) {
      warn(
        "description-too-long",
        "description",
        `\`description\` is ${n} characters, over the ${MAX_DESCRIPTION_LENGTH}-character limit; shorten it and move details into the body.`,
      );
    }
  }
  if (input.compatibility !== undefined && input.compatibility.length > MAX_COMPATIBILITY_LENGTH) {
    const n = codePoints(input.compatibility);
    if (n > MAX_COMPATIBILITY_LENGTH) {
      warn(
        "compatibility-too-long",
        "compatibility",
        `\`compatibility\` is ${n} characters, over the ${MAX_COMPATIBILITY_LENGTH}-character limit; shorten it.`,
      );
    }
  }
  return found;
}

/** Only `a`–`z`, `0`–`9` and `-`, and not empty. */
function isLowercaseAscii(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d)) return false;
  }
  return name.length > 0;
}

/** NFKC, skipped for plain ASCII (which NFKC leaves as it is). */
function nfkc(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7e) return text.normalize("NFKC");
  }
  return text;
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A valid spelling of a bad name, for the fix in the message. */
function suggestName(name: string): string {
  const suggested = name
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return suggested === "" ? "my-skill" : suggested;
}
