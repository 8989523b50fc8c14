/**
 * @module Near names for an id that matched no skill exactly (seed 000 §3): case-insensitive prefix or
 * substring, hyphen initials (`tdd` → `test-driven-development`), and, only when none of those match,
 * a small edit distance. The one "did you mean" of skillset: skill names (mentions, `show`, `enable`),
 * configuration keys and CLI commands. Suggestions are never activated; they only feed messages.
 */

/** Shortest query that is matched as a prefix or substring (shorter ones would match nearly everything). */
const MIN_SUBSTRING_LENGTH = 3;

/** Ranks of typo matches: below every prefix, substring and initials match (0–2), best distance first. */
const TYPO_RANK = 10;

/** How many edits still count as a typo for a query of this length. */
function allowedEdits(length: number): number {
  if (length <= 2) return 0;
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}

/**
 * True when the first letters of `name`'s `-`/`_`/`:` separated parts spell `query` exactly:
 * `test-driven-development` → `tdd`. Compares as it goes, so a mismatch costs no allocation.
 */
function hasInitials(name: string, query: string): boolean {
  let matched = 0;
  let atStart = true;
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (code === 0x2d || code === 0x5f || code === 0x3a) atStart = true;
    else if (atStart) {
      if (matched === query.length || query.charCodeAt(matched) !== code) return false;
      matched++;
      atStart = false;
    }
  }
  return matched === query.length;
}

/** Buckets per character histogram (char code modulo 32; merged buckets only weaken the bound). */
const BUCKETS = 32;

function histogram(name: string, into: Uint8Array, offset: number): void {
  for (let index = 0; index < name.length; index++) {
    const bucket = offset + (name.charCodeAt(index) & (BUCKETS - 1));
    into[bucket] = Math.min(255, (into[bucket] ?? 0) + 1);
  }
}

/**
 * A lower bound on the edit distance: a substitution changes two histogram counts by one, an insertion
 * or deletion one, a swap none. So half the L1 distance of the histograms never exceeds the distance.
 */
function histogramBound(a: Uint8Array, b: Uint8Array, offset: number): number {
  let total = 0;
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    total += Math.abs((a[bucket] ?? 0) - (b[offset + bucket] ?? 0));
  }
  return total / 2;
}

/**
 * The histogram bound of `histogramBound` for `name` against a query whose bucket counts are `counts`
 * (exact counts, so never weaker), without building a histogram: each character of `name` takes one
 * from its bucket, and one it cannot take is an excess. Half the L1 distance is then
 * `excess + (queryLength - name.length) / 2`. Stops once that is over `limit`; `counts` is restored.
 */
function countsBound(counts: Int32Array, queryLength: number, name: string, limit: number): number {
  const base = (queryLength - name.length) / 2;
  let excess = 0;
  let taken = 0;
  while (taken < name.length && base + excess <= limit) {
    const bucket = name.charCodeAt(taken) & (BUCKETS - 1);
    if ((counts[bucket] ?? 0) <= 0) excess++;
    counts[bucket] = (counts[bucket] ?? 0) - 1;
    taken++;
  }
  for (let index = 0; index < taken; index++) {
    const bucket = name.charCodeAt(index) & (BUCKETS - 1);
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  return base + excess;
}

/**
 * Optimal-string-alignment distance (adjacent swaps count as one edit), computed only within `limit`
 * of the diagonal; returns `limit + 1` as soon as the distance must exceed `limit`.
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const over = limit + 1;
  const width = b.length + 1;
  let before = new Int32Array(width).fill(over);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current.fill(over);
    current[0] = i;
    let best = i;
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    const charA = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const charB = b.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j] ?? over) + 1,
        (current[j - 1] ?? over) + 1,
        (previous[j - 1] ?? over) + (charA === charB ? 0 : 1),
      );
      if (i > 1 && j > 1 && charA === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === charB) {
        value = Math.min(value, (before[j - 2] ?? over) + 1);
      }
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return over;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length] ?? over, over);
}

/** How well `query` (lowercase) matches `name` (lowercase): lower is better, undefined is no match. */
function matchRank(query: string, name: string): number | undefined {
  if (name === query) return 0;
  if (query.length >= MIN_SUBSTRING_LENGTH) {
    if (name.startsWith(query)) return 1;
    if (name.includes(query)) return 2;
  }
  if (query.length >= 2 && hasInitials(name, query)) return 2;
  return undefined;
}

/** The items ranked in `rankOf` (input position → best rank), best first; ties keep the input order. */
function ranked<T>(items: readonly T[], rankOf: ReadonlyMap<number, number>): T[] {
  return [...rankOf]
    .sort(([ownerA, rankA], [ownerB, rankB]) => rankA - rankB || ownerA - ownerB)
    .map(([owner]) => items[owner] as T);
}

/** Records `rank` for the item at `owner` unless it already has a better one. */
function consider(rankOf: Map<number, number>, owner: number, rank: number): void {
  const known = rankOf.get(owner);
  if (known === undefined || rank < known) rankOf.set(owner, rank);
}

/** Near-name search over a fixed list; build once, query many times. */
export interface NameIndex<T> {
  /** The items near `query`, best first (ties keep the input order). */
  suggest(query: string): T[];
}

/**
 * Prepares `items` for near-name search: `namesOf` gives the names to compare for one item (e.g. its
 * name and its qualified name). Names are lowercased and bucketed by length once, so a typo search only
 * compares names whose length is within the allowed number of edits.
 */
export function createNameIndex<T>(
  items: readonly T[],
  namesOf: (item: T) => readonly string[],
): NameIndex<T> {
  const names: string[] = [];
  const owners: number[] = [];
  const byLength = new Map<number, number[]>();
  items.forEach((item, order) => {
    for (const name of namesOf(item)) {
      const lower = name.toLowerCase();
      const slot = names.length;
      names.push(lower);
      owners.push(order);
      const bucket = byLength.get(lower.length);
      if (bucket) bucket.push(slot);
      else byLength.set(lower.length, [slot]);
    }
  });
  let histograms: Uint8Array | undefined;
  const typoCandidates = (needle: string, limit: number, rankOf: Map<number, number>) => {
    if (!histograms) {
      histograms = new Uint8Array(names.length * BUCKETS);
      for (let slot = 0; slot < names.length; slot++)
        histogram(names[slot] ?? "", histograms, slot * BUCKETS);
    }
    const own = new Uint8Array(BUCKETS);
    histogram(needle, own, 0);
    for (let length = needle.length - limit; length <= needle.length + limit; length++) {
      for (const slot of byLength.get(length) ?? []) {
        if (histogramBound(own, histograms, slot * BUCKETS) > limit) continue;
        const distance = editDistanceWithin(needle, names[slot] ?? "", limit);
        if (distance <= limit) consider(rankOf, owners[slot] ?? 0, TYPO_RANK + distance);
      }
    }
  };
  return {
    suggest(query) {
      const needle = query.toLowerCase();
      const rankOf = new Map<number, number>();
      for (let slot = 0; slot < names.length; slot++) {
        const rank = matchRank(needle, names[slot] ?? "");
        if (rank !== undefined) consider(rankOf, owners[slot] ?? 0, rank);
      }
      const limit = allowedEdits(needle.length);
      if (rankOf.size === 0 && limit > 0) typoCandidates(needle, limit, rankOf);
      return ranked(items, rankOf);
    },
  };
}

/**
 * Returns the items whose names are near `query`, best first (ties keep the input order). The typo
 * pass (edit distance) runs only when no prefix, substring or initials match was found. One scan over
 * the names, with nothing prepared in advance: the cost of a single search. For many searches over the
 * same items, build a `createNameIndex` once instead.
 *
 * @example suggestNames("systematic-debug", skills, (s) => [s.name]) // → [systematic-debugging]
 */
export function suggestNames<T>(
  query: string,
  items: readonly T[],
  namesOf: (item: T) => readonly string[],
): T[] {
  const needle = query.toLowerCase();
  const rankOf = new Map<number, number>();
  for (let owner = 0; owner < items.length; owner++) {
    for (const name of namesOf(items[owner] as T)) {
      const rank = matchRank(needle, name.toLowerCase());
      if (rank !== undefined) consider(rankOf, owner, rank);
    }
  }
  const limit = allowedEdits(needle.length);
  if (rankOf.size === 0 && limit > 0) {
    const counts = new Int32Array(BUCKETS);
    for (let index = 0; index < needle.length; index++) {
      const bucket = needle.charCodeAt(index) & (BUCKETS - 1);
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    for (let owner = 0; owner < items.length; owner++) {
      for (const name of namesOf(items[owner] as T)) {
        const lower = name.toLowerCase();
        if (Math.abs(lower.length - needle.length) > limit) continue;
        if (countsBound(counts, needle.length, lower, limit) > limit) continue;
        const distance = editDistanceWithin(needle, lower, limit);
        if (distance <= limit) consider(rankOf, owner, TYPO_RANK + distance);
      }
    }
  }
  return ranked(items, rankOf);
}
