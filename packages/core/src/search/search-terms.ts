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
/** Boundaries inside a camelCase word: `pdfEditor` → `pdf Editor`, `HTMLParser` → `HTML Parser`. */
const CAMEL = /(\p{Ll}|\p{N})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})/gu;

/** The words of `text`, camelCase split, in order (not yet lowercased or stemmed). */
export function splitWords(text: string): string[] {
  return text.replace(CAMEL, "$1$2 ").match(WORD) ?? [];
}

/**
 * The term a word is indexed and searched as, or `null` for a word not worth indexing (a stop word, a
 * lone letter). Words of non-Latin scripts are only lowercased.
 */
export function searchTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  if (lower.length < 2 && !/\p{N}/u.test(lower)) return null;
  return /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
}
