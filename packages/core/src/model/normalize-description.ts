/**
 * @module Descriptions as listings show them: one line, single spaces.
 */

/**
 * Collapses every run of whitespace (line breaks from folded YAML included) to one space and trims, so
 * that a description reads the same in a catalog whichever YAML style wrote it.
 */
export function normalizeDescription(text: string): string {
  // Most descriptions are already one clean line; testing is cheaper than rebuilding the string.
  return NEEDS_NORMALIZING.test(text) ? text.replace(/\s+/g, " ").trim() : text;
}

/** Any whitespace but a single space, two spaces in a row, or a space at either end (`\s` as in JS). */
const NEEDS_NORMALIZING = /[\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}|^ | $/;
