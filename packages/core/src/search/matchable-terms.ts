/**
 * @module Which indexed terms a query can reach (for an index loaded to answer one query): each query
 * term itself, the terms it begins when it is searched as a prefix, and the terms within its typo
 * distance. A superset of what MiniSearch matches, so the query's results do not change.
 */

/** Two rows of the edit-distance table, reused: the check runs for thousands of terms per query. */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Whether `a` and `b` are at most `limit` edits apart (insertions, deletions, substitutions). Only the
 * band of the table within `limit` of its diagonal can hold such a distance, so only it is filled, and a
 * row with nothing within `limit` ends the check.
 */
export function withinEditDistance(a: string, b: string, limit: number): boolean {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return false;
  if (n === 0 || m === 0) return true;
  if (rowA.length <= m + 1) {
    rowA = new Int32Array(m + 2);
    rowB = new Int32Array(m + 2);
  }
  let previous = rowA;
  let current = rowB;
  const over = limit + 1;
  for (let j = 0; j <= m; j++) previous[j] = j <= limit ? j : over;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(m, i + limit);
    current[from - 1] = from === 1 ? Math.min(i, over) : over;
    let smallest = current[from - 1] as number;
    const code = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      let cell = (previous[j - 1] as number) + (code === b.charCodeAt(j - 1) ? 0 : 1);
      const up = (previous[j] as number) + 1;
      if (up < cell) cell = up;
      const left = (current[j - 1] as number) + 1;
      if (left < cell) cell = left;
      if (cell > over) cell = over;
      current[j] = cell;
      if (cell < smallest) smallest = cell;
    }
    // The next row reads one cell past this band: outside it, every distance is over the limit.
    if (to < m) current[to + 1] = over;
    if (smallest > limit) return false;
    [previous, current] = [current, previous];
  }
  return (previous[m] as number) <= limit;
}

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
        (spec.typos > 0 && withinEditDistance(spec.term, term, spec.typos)),
    );
}
