/**
 * @module Reads a frontmatter value the way the reference validator sees it: its YAML reader
 * (`strictyaml`) returns every scalar as text, so `name: 123` is the name "123".
 */

/** The value as text when it is a scalar (string, number, boolean), else `undefined` (null, list, map). */
export function frontmatterText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return undefined;
}

/** Length in Unicode code points (what Python's `len` counts), not UTF-16 units. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
