/**
 * @module How text becomes search terms (SPEC §10): words split on anything that is not a letter or
 * digit and on camelCase, lowercased, common English words dropped, stemmed (`images` → `imag`), so
 * that a person's words meet a skill's words however each is inflected.
 */
import { stemmer } from "stemmer";

const STOP_WORDS = new Set(
  (
    "a an and are as at be by can do does for from how i in into is it its me my of on or our so that the " +
    "their them then there these this to use used uses using want was we what when where which while who " +
    "will with you your"
  ).split(" "),
);

/** Letters (any script) and digits form words; everything else separates them. */
const WORD = /[\p{L}\p{N}]+/gu;
/** The same for text that is all ASCII (most of it), several times faster than the Unicode classes. */
const ASCII_WORD = /[A-Za-z0-9]+/g;
const NOT_ASCII = /[^\x00-\x7f]/;
/** Boundaries inside a camelCase word: `pdfEditor` → `pdf Editor`, `HTMLParser` → `HTML Parser`. */
const CAMEL = /(\p{Ll}|\p{N})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})/gu;
const CAMEL_INSIDE = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const ASCII_CAMEL_INSIDE = /[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/;

/**
 * The words of `text`, in order (not yet lowercased or stemmed). A camelCase word is kept whole and
 * followed by its parts (`DataFrame` → `DataFrame`, `Data`, `Frame`), so `dataframe` and `frame` both find it.
 */
export function splitWords(text: string): string[] {
  const ascii = !NOT_ASCII.test(text);
  const words = (ascii ? text.match(ASCII_WORD) : text.match(WORD)) ?? [];
  const camel = ascii ? ASCII_CAMEL_INSIDE : CAMEL_INSIDE;
  if (!camel.test(text)) return words;
  const split: string[] = [];
  for (const word of words) {
    split.push(word);
    if (camel.test(word)) split.push(...word.replace(CAMEL, "$1$2 ").split(" "));
  }
  return split;
}

/**
 * The term a word is indexed and searched as, or `null` for a word not worth indexing (a stop word, a
 * lone letter). Words of non-Latin scripts are only lowercased.
 */
export function searchTerm(word: string): string | null {
  let term = terms.get(word);
  if (term === undefined) {
    term = toTerm(word);
    // A vocabulary is small next to the words of thousands of descriptions; stemming each once pays.
    if (terms.size >= MAX_REMEMBERED_TERMS) terms.clear();
    terms.set(word, term);
  }
  return term;
}

const terms = new Map<string, string | null>();
const MAX_REMEMBERED_TERMS = 100_000;

function toTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  if (lower.length < 2 && !/\p{N}/u.test(lower)) return null;
  return /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
}
