/**
 * @module Where mentions may be (SPEC §8): the paragraphs of a message outside fenced code blocks (``` or
 * ~~~, unterminated ones running to the end, also when opened after list markers as in `- ```` or `1. ````),
 * and, within a paragraph, outside inline code spans. The scanner walks these, and completion asks whether
 * one offset lies in code: one rule for both.
 */
import { findCodeSpans } from "./find-code-spans.js";
import { createNextIndex } from "./next-index.js";

const BACKTICK = 0x60;
const TILDE = 0x7e;
const ASTERISK = 0x2a;
const PLUS = 0x2b;
const HYPHEN = 0x2d;
const FULL_STOP = 0x2e;
const RIGHT_PARENTHESIS = 0x29;
/** CommonMark: an ordered list marker has at most 9 digits. */
const MAX_ORDINAL_DIGITS = 9;

type Next = (search: string, from: number) => number;

export function isHorizontalSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d;
}

/** Index of the first character in `[from, to)` that is not a space or tab (or `to`). */
export function skipHorizontalSpace(text: string, from: number, to: number): number {
  let index = from;
  while (index < to && isHorizontalSpace(text.charCodeAt(index))) index++;
  return index;
}

interface Fence {
  char: number;
  length: number;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * The end of a list item marker at `at` — `*`, `-`, `+`, or 1–9 digits then `.` or `)` — followed by a
 * space or tab (CommonMark), or `undefined` when none starts there.
 */
function listMarkerEnd(text: string, at: number, lineEnd: number): number | undefined {
  const code = text.charCodeAt(at);
  let end = at;
  if (code === ASTERISK || code === HYPHEN || code === PLUS) {
    end++;
  } else {
    while (end < lineEnd && end - at < MAX_ORDINAL_DIGITS && isDigit(text.charCodeAt(end))) end++;
    if (end === at) return undefined;
    const delimiter = text.charCodeAt(end);
    if (delimiter !== FULL_STOP && delimiter !== RIGHT_PARENTHESIS) return undefined;
    end++;
  }
  return end < lineEnd && isHorizontalSpace(text.charCodeAt(end)) ? end : undefined;
}

/**
 * A fence opening line: optional indentation and list item markers (`- `, `1. `, nested `- 1) `: a list
 * item's content may be a fenced block), then 3+ backticks (no backtick after) or 3+ tildes.
 */
function readOpeningFence(text: string, lineStart: number, lineEnd: number): Fence | undefined {
  let runStart = skipHorizontalSpace(text, lineStart, lineEnd);
  for (
    let marker = listMarkerEnd(text, runStart, lineEnd);
    marker !== undefined;
    marker = listMarkerEnd(text, runStart, lineEnd)
  ) {
    runStart = skipHorizontalSpace(text, marker, lineEnd);
  }
  const char = text.charCodeAt(runStart);
  if (char !== BACKTICK && char !== TILDE) return undefined;
  let runEnd = runStart;
  while (runEnd < lineEnd && text.charCodeAt(runEnd) === char) runEnd++;
  if (runEnd - runStart < 3) return undefined;
  if (char === BACKTICK) {
    for (let index = runEnd; index < lineEnd; index++) {
      if (text.charCodeAt(index) === BACKTICK) return undefined; // "```code```" is an inline span
    }
  }
  return { char, length: runEnd - runStart };
}

/** A closing fence line: optional indentation, a run of the same character at least as long, then spaces. */
function isClosingFence(text: string, lineStart: number, lineEnd: number, fence: Fence): boolean {
  const runStart = skipHorizontalSpace(text, lineStart, lineEnd);
  let runEnd = runStart;
  while (runEnd < lineEnd && text.charCodeAt(runEnd) === fence.char) runEnd++;
  return runEnd - runStart >= fence.length && skipHorizontalSpace(text, runEnd, lineEnd) === lineEnd;
}

/**
 * Calls `visit(from, to)` for each paragraph outside fenced code blocks, in order (blank lines and fence
 * lines separate paragraphs; `to` is exclusive). Stops when `visit` returns false. Linear in the text.
 */
export function forEachProseParagraph(
  text: string,
  visit: (from: number, to: number) => boolean | undefined,
): void {
  const lineNext = createNextIndex(text);
  let fence: Fence | undefined;
  let paragraph = -1;
  let lineStart = 0;
  while (lineStart < text.length) {
    const lineEnd = lineNext("\n", lineStart);
    if (fence) {
      if (isClosingFence(text, lineStart, lineEnd, fence)) fence = undefined;
    } else {
      const opening = readOpeningFence(text, lineStart, lineEnd);
      const blank = !opening && skipHorizontalSpace(text, lineStart, lineEnd) === lineEnd;
      if (opening || blank) {
        if (paragraph >= 0 && visit(paragraph, lineStart) === false) return;
        paragraph = -1;
        fence = opening;
      } else if (paragraph < 0) {
        paragraph = lineStart;
      }
    }
    lineStart = lineEnd + 1;
  }
  if (paragraph >= 0) visit(paragraph, text.length);
}

/**
 * True when the character at `offset` is code — inside a fenced block, on a fence line, or in an inline
 * code span — and so can start no mention. Reads the text up to the end of `offset`'s paragraph.
 */
export function isInCode(text: string, offset: number): boolean {
  if (offset < 0 || offset >= text.length) return false;
  let inCode = true;
  forEachProseParagraph(text, (from, to) => {
    if (offset < from) return false;
    if (offset >= to) return true;
    const spans = findCodeSpans(text, from, to, createNextIndex(text) as Next);
    inCode = false;
    for (let index = 0; index < spans.length; index += 2) {
      if (offset >= (spans[index] ?? 0) && offset < (spans[index + 1] ?? 0)) inCode = true;
    }
    return false;
  });
  return inCode;
}
