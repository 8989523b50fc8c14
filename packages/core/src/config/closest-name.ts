/**
 * @module Near-name suggestions for "Did you mean …?" hints (a mistyped config key or variable).
 */

/**
 * The candidate closest to `input` by edit distance (case-insensitive), if it is close enough to be a
 * likely typo: at most 2 edits, or a third of the input's length for long names.
 * @example closestName("provders", ["providers", "include"]) // "providers"
 */
export function closestName(input: string, candidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best?.name;
}

/** Levenshtein distance with adjacent transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const previous = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(distance);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
