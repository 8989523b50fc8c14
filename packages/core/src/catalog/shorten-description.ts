/**
 * @module Shortening a description to a character cap: cut at a word boundary, end with `…` (SPEC §7).
 * Lengths are JavaScript string lengths (UTF-16 code units); a surrogate pair is never split.
 */

/** Appended to every shortened description. */
export const ELLIPSIS = "…";

/** Characters dropped before the ellipsis, so that a cut reads `…reviewing…`, not `reviewing,…`. */
const TRAILING = new Set([",", ";", ":", ".", "-", "–", "—"]);

/**
 * Offsets just after each word (a run of non-whitespace), ascending. Cutting a text at these offsets keeps
 * whole words only; `text.slice(ends[i - 1] ?? 0, ends[i])` is the i-th word with its leading whitespace.
 */
export function wordEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(/\S+/g)) ends.push(match.index + match[0].length);
  return ends;
}

/** Where a shortened description was cut. */
export interface DescriptionCut {
  /** Characters kept from the start of the text, without the ellipsis (0 when nothing could be kept). */
  end: number;
  /** Index into `wordEnds` of the last whole word kept; -1 for a cut inside the first word (or none). */
  word: number;
}

/** The largest index `i` with `ends[i] <= limit`, or -1. */
function lastEndWithin(ends: readonly number[], limit: number): number {
  let low = 0;
  let high = ends.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((ends[middle] ?? Number.POSITIVE_INFINITY) <= limit) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Cuts `text` (longer than `cap`) so that the kept text plus `…` is at most `cap` characters: at the last
 * word boundary that fits, or — when even the first word is too long (e.g. text without spaces) — inside
 * that word. A cap below 2 keeps nothing. Costs O(log words); nothing is copied.
 */
export function cutDescription(
  text: string,
  cap: number,
  ends: readonly number[] = wordEnds(text),
): DescriptionCut {
  const limit = cap - ELLIPSIS.length;
  if (limit < 1) return { end: 0, word: -1 };
  for (let word = lastEndWithin(ends, limit); word >= 0; word--) {
    const start = word === 0 ? 0 : (ends[word - 1] ?? 0);
    let end = ends[word] ?? 0;
    while (end > start && TRAILING.has(text.charAt(end - 1))) end--;
    if (end > start) return { end, word };
  }
  const last = text.charCodeAt(limit - 1);
  return { end: last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit, word: -1 };
}

/**
 * `text` itself when it has at most `cap` characters; else its longest whole-word prefix that fits with
 * `…` appended (or `""` when `cap` < 2).
 *
 * @example shortenDescription("Review pull requests for risk", 20) // "Review pull…"
 */
export function shortenDescription(text: string, cap: number): string {
  if (text.length <= cap) return text;
  const { end } = cutDescription(text, cap);
  return end === 0 ? "" : `${text.slice(0, end)}${ELLIPSIS}`;
}
