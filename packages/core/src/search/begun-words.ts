/**
 * @module The words the index has seen, as typed (lowercased), so the unfinished last word of a query
 * reaches the words it begins even when it runs past their stem: `preceden` begins `precedence`, indexed
 * as `preced`, which no prefix search for `preceden` finds among the indexed (stemmed) terms.
 */
import { searchTerm } from "./search-terms.js";

/** Only words of ASCII letters are stemmed; any other term is the lowercased word, which a prefix finds. */
const STEMMED = /^[a-z]+$/;

/** The words seen, and the indexed terms of those an unfinished word begins. */
export interface BegunWords {
  /** Remembers one word as it appeared in indexed text (any case). */
  add(word: string): void;
  /** Every word remembered (for the cache file). */
  list(): string[];
  /**
   * The terms of the remembered words that `word` (the query's last word) begins, left out those a
   * prefix search for its own term finds already; `[]` for most words.
   * @example begun.termsBegunBy("preceden") // ["preced"] once "precedence" was indexed
   */
  termsBegunBy(word: string): string[];
  /**
   * The terms of the remembered words one typo away from `word` (a letter left out, added, changed or two
   * swapped), left out `word`'s own term: the typo is judged on the word as typed, not on its stem, which
   * may be further away (`testng` is one letter from `testing`, two from its term `test`).
   * @example begun.termsOneTypoFrom("testng") // ["test"] once "testing" was indexed
   */
  termsOneTypoFrom(word: string): string[];
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** An empty set of words, or one holding `words` (read from a cache file). */
export function createBegunWords(words: readonly string[] = []): BegunWords {
  const seen = new Set<string>(words);
  return {
    add(word) {
      // A word the query could only begin is longer than the three letters a prefix needs.
      if (word.length < 4) return;
      const lower = word.toLowerCase();
      if (STEMMED.test(lower)) seen.add(lower);
    },
    list: () => [...seen],
    termsBegunBy(word) {
      const lower = word.toLowerCase();
      const own = searchTerm(lower);
      if (own === null || lower.length < 3 || !STEMMED.test(lower)) return [];
      const terms = new Set<string>();
      // One pass over the words: a fraction of a millisecond next to the text search it widens.
      for (const seenWord of seen) {
        if (!seenWord.startsWith(lower)) continue;
        const term = searchTerm(seenWord);
        if (term !== null && term !== own && !(own.length >= 3 && term.startsWith(own))) terms.add(term);
      }
      return [...terms];
    },
    termsOneTypoFrom(word) {
      const lower = word.toLowerCase();
      if (lower.length < 5 || !STEMMED.test(lower)) return [];
      const own = searchTerm(lower);
      const terms = new Set<string>();
      const consider = (candidate: string) => {
        if (!seen.has(candidate)) return;
        const term = searchTerm(candidate);
        if (term !== null && term !== own) terms.add(term);
      };
      // Every word one edit away (about 54 per letter), each looked up: no pass over the words.
      for (let at = 0; at <= lower.length; at++) {
        const head = lower.slice(0, at);
        const tail = lower.slice(at);
        if (tail !== "") consider(head + tail.slice(1));
        if (tail.length >= 2) consider(head + tail[1] + tail[0] + tail.slice(2));
        for (const letter of LETTERS) {
          consider(head + letter + tail);
          if (tail !== "" && letter !== tail[0]) consider(head + letter + tail.slice(1));
        }
      }
      return [...terms];
    },
  };
}
