/**
 * @module Phrase and proximity matches (SPEC §10): a query's words that stand next to each other
 * ("fill a form", "cipher suites") count for more when they stand next to each other in a skill's name or
 * description too. BM25 scores words one by one; this adds the order it cannot see. Terms are compared
 * after stemming, stop words left out, so "filling forms" matches "fill the form".
 */
import type { Skill } from "../model/skill.js";
import { searchTerm, splitWords } from "./search-terms.js";

/** The searched terms of `text`, in order (stop words dropped). */
function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = searchTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** The query's phrases: each pair of searched terms in a row, as `a b`. */
export function queryPhrases(words: readonly string[]): string[] {
  const terms = termsOf(words.join(" "));
  const phrases = new Set<string>();
  for (let index = 1; index < terms.length; index++) phrases.add(`${terms[index - 1]} ${terms[index]}`);
  return [...phrases];
}

const cache = new WeakMap<Skill, ReadonlySet<string>>();

/** The pairs of terms in a row in `skill`'s name and description (computed once per skill). */
function skillPhrases(skill: Skill): ReadonlySet<string> {
  let known = cache.get(skill);
  if (known === undefined) {
    const pairs = new Set<string>();
    for (const text of [skill.name.replace(/[-_:]/g, " "), skill.description]) {
      const terms = termsOf(text);
      for (let index = 1; index < terms.length; index++) pairs.add(`${terms[index - 1]} ${terms[index]}`);
    }
    known = pairs;
    cache.set(skill, known);
  }
  return known;
}

/** How many of `phrases` stand in a row in `skill`'s name or description. */
export function phraseMatches(phrases: readonly string[], skill: Skill): number {
  const own = skillPhrases(skill);
  let count = 0;
  for (const phrase of phrases) if (own.has(phrase)) count++;
  return count;
}
