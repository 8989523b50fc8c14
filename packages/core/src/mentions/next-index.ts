/**
 * @module Memoised `indexOf` for a scanner that asks "where is the next X?" from ever-later positions.
 * Each search string is searched forward over each part of the text at most once, which keeps the
 * scanner linear even when many openers (`[`, `$`, backticks) look for a closer that never comes.
 */

/**
 * Returns `next(search, from)`: the index of `search` at or after `from`, or `text.length` when none.
 * A remembered answer is reused while `from` lies between the position it was searched from and the
 * position found; queries that move forward therefore cost, in total, one pass over the text.
 */
export function createNextIndex(text: string): (search: string, from: number) => number {
  const found = new Map<string, { from: number; at: number }>();
  return (search, from) => {
    const known = found.get(search);
    if (known !== undefined && known.from <= from && from <= known.at) return known.at;
    const index = text.indexOf(search, from);
    const at = index === -1 ? text.length : index;
    found.set(search, { from, at });
    return at;
  };
}
