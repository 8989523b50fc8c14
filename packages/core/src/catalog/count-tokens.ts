/**
 * @module Memoised token counts. The catalog counts the same small pieces (names, paths, words of
 * descriptions) again and again, between budget steps and between turns; each distinct text is
 * tokenized once per tokenizer.
 */
import type { Tokenizer } from "./tokenizer.js";

/** Distinct texts remembered per tokenizer before the memo starts afresh (bounds memory). */
const MEMO_LIMIT = 500_000;

const memos = new WeakMap<Tokenizer, Map<string, number>>();

/** A counting function bound to one tokenizer, remembering every count it has made. */
export type CountTokens = (text: string) => number;

/**
 * Returns a memoising counter for `tokenizer`. The memo lives as long as the tokenizer object (a
 * `WeakMap`), so repeated renders with the same tokenizer reuse earlier counts.
 */
export function memoisedCounter(tokenizer: Tokenizer): CountTokens {
  let memo = memos.get(tokenizer);
  if (memo === undefined) {
    memo = new Map();
    memos.set(tokenizer, memo);
  }
  const table = memo;
  return (text) => {
    const known = table.get(text);
    if (known !== undefined) return known;
    const count = tokenizer.count(text);
    if (table.size >= MEMO_LIMIT) table.clear();
    table.set(text, count);
    return count;
  };
}
