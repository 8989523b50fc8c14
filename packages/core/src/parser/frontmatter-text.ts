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

/** Length in Unicode code points (what Python's `len` counts), not UTF-16 units; a lone surrogate counts as one. */
export function codePointLength(text: string): number {
  // Every code point is one or two UTF-16 units, so only surrogate pairs need counting (a `for…of` over
  // the string costs several times more on the 1,000-character descriptions validation measures).
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        index++;
      }
    }
  }
  return text.length - pairs;
}
