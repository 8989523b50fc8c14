/**
 * @module The id after a sigil (`$`, `/`, `skill://`): letters of any script, digits, `_`, `-` and `:`,
 * with trailing `:` and `-` left out, so `$alpha-skill.` and `($alpha-skill)` both mean `alpha-skill`.
 */

const letter = /^\p{L}$/u;
const wordPart = /^[\p{L}\p{N}\p{M}]$/u;

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** The code point at `index`, or -1 past the end. A lone surrogate is returned as itself (never a letter). */
function codePointAt(text: string, index: number): number {
  return index < text.length ? (text.codePointAt(index) ?? -1) : -1;
}

/** True for a letter of any script (`\p{L}`). */
export function isLetter(codePoint: number): boolean {
  if (codePoint < 0x80) return isAsciiLetter(codePoint);
  return letter.test(String.fromCodePoint(codePoint));
}

/** True for a letter, digit or combining mark of any script, or `_`: what may touch a word. */
export function isWordCodePoint(codePoint: number): boolean {
  if (codePoint < 0) return false;
  if (codePoint < 0x80) return isAsciiLetter(codePoint) || isAsciiDigit(codePoint) || codePoint === 0x5f;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  return wordPart.test(String.fromCodePoint(codePoint));
}

/** True for a character allowed inside an id: a word character, `-` or `:`. */
export function isIdCodePoint(codePoint: number): boolean {
  return codePoint === 0x2d || codePoint === 0x3a || isWordCodePoint(codePoint);
}

/** The code point that ends just before `index` (joins a surrogate pair), or -1 at the start. */
export function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2) ?? low;
  }
  return low;
}

/**
 * Reads an id starting at `start`. The first character must be a letter; returns the end offset of the
 * id (exclusive, trailing `:`/`-` excluded) and `scanned`, where the run of id characters stopped
 * (a scanner continues from there so no character is read twice). `end === start` when there is no id.
 */
export function readMentionId(text: string, start: number): { end: number; scanned: number } {
  const first = codePointAt(text, start);
  if (first < 0 || !isLetter(first)) return { end: start, scanned: start };
  let index = start;
  let end = start;
  for (;;) {
    const code = codePointAt(text, index);
    if (code < 0 || !isIdCodePoint(code)) break;
    index += code > 0xffff ? 2 : 1;
    if (code !== 0x2d && code !== 0x3a) end = index;
  }
  return { end, scanned: index };
}
