/**
 * @module Descriptions as listings show them: one line, single spaces.
 */

/**
 * Collapses every run of whitespace (line breaks from folded YAML included) to one space and trims, so
 * that a description reads the same in a catalog whichever YAML style wrote it.
 */
export function normalizeDescription(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
