/**
 * @module Which indexed terms a query can reach (for an index loaded to answer one query): each query
 * term itself, the terms it begins when it is searched as a prefix, and the terms within its typo
 * distance. A superset of what MiniSearch matches: its typo distance counts an adjacent swap as two edits,
 * the one used here (shared with "did you mean") as one, so nothing MiniSearch finds is left out and the
 * query's results do not change.
 */
import { editDistanceWithin } from "../model/suggest-names.js";

/** A query term as the text index searches it: itself, the terms it begins, terms within `typos` edits. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
  typos: number;
}

/** A test for the indexed terms that `query` can reach (a superset of what the index matches). */
export function matchableTerms(query: readonly QueryTerm[]): (term: string) => boolean {
  const exact = new Set(query.map(({ term }) => term));
  const wider = query.filter(({ prefix, typos }) => prefix || typos > 0);
  return (term) =>
    exact.has(term) ||
    wider.some(
      (spec) =>
        (spec.prefix && term.startsWith(spec.term)) ||
        (spec.typos > 0 && editDistanceWithin(spec.term, term, spec.typos) <= spec.typos),
    );
}
