/**
 * @module The id after a sigil (`$`, `/`, `skill://`): letters of any script, digits, `_`, `-` and `:`,
 * with trailing `:` and `-` left out, so `$alpha-skill.` and `($alpha-skill)` both mean `alpha-skill`.
 * A dot goes on only where the caller knows the dotted id (`$a.b:fmt` in plugin `a.b`, a skill named
 * `gh.fix`): otherwise it is sentence punctuation, so `$pdf.then` is `$pdf` followed by text.
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

/** Whether an id holding a dot may be a mention's id (see `readMentionId`). */
export type DottedIdTest = (id: string) => boolean;

/**
 * Dotted parts looked at after an id, at most: names have a dot or two (`a.b:fmt`, `com.acme.x:fmt`), and
 * each part costs a test of the id so far, so a long run of `.x.x.x` stays linear.
 */
const MAX_DOTTED_PARTS = 8;

/** The run of id characters from `index`: where it stops, and where the id in it ends (no trailing `:`/`-`). */
function readRun(text: string, index: number, end: number): { end: number; scanned: number } {
  for (;;) {
    const code = codePointAt(text, index);
    if (code < 0 || !isIdCodePoint(code)) break;
    index += code > 0xffff ? 2 : 1;
    if (code !== 0x2d && code !== 0x3a) end = index;
  }
  return { end, scanned: index };
}

/**
 * Reads an id starting at `start`. The first character must be a letter; returns the end offset of the
 * id (exclusive, trailing `:`/`-` excluded) and `scanned`, where the run of id characters stopped
 * (a scanner continues from there so no character is read twice). `end === start` when there is no id.
 * With `dotted`, a `.` followed by a word character continues the id when `dotted` accepts the longer
 * id (the longest accepted wins): `$a.b:fmt` when `a.b` is a namespace, never `$pdf.` or `$pdf.then`.
 */
export function readMentionId(
  text: string,
  start: number,
  dotted?: DottedIdTest,
): { end: number; scanned: number } {
  const first = codePointAt(text, start);
  if (first < 0 || !isLetter(first)) return { end: start, scanned: start };
  let read = readRun(text, start, start);
  if (dotted === undefined) return read;
  let found = read;
  for (let part = 0; part < MAX_DOTTED_PARTS; part++) {
    if (text.charCodeAt(read.scanned) !== 0x2e || !isWordCodePoint(codePointAt(text, read.scanned + 1)))
      break;
    read = readRun(text, read.scanned + 1, read.scanned + 1);
    if (dotted(text.slice(start, read.end))) found = read;
  }
  return found;
}
