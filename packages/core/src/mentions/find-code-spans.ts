/**
 * @module Inline code spans (CommonMark): a run of N backticks opens a span that the next run of exactly
 * N backticks closes; a run with no partner is literal text. Spans do not leave their paragraph.
 */

/**
 * Finds the code spans in `text[from, to)` and returns them as a flat, sorted list of offsets
 * `[start0, end0, start1, end1, …]` (each `end` exclusive, backticks included). Linear: runs are
 * collected in one pass and each run's partner is found by a backward pass over the runs.
 * Backslash escapes before a backtick are not honoured (they are literal inside code spans anyway).
 */
export function findCodeSpans(
  text: string,
  from: number,
  to: number,
  nextIndex: (char: string, from: number) => number,
): number[] {
  const starts: number[] = [];
  const lengths: number[] = [];
  let index = nextIndex("`", from);
  while (index < to) {
    let end = index + 1;
    while (end < to && text.charCodeAt(end) === 0x60) end++;
    starts.push(index);
    lengths.push(end - index);
    index = end < to ? nextIndex("`", end) : to;
  }
  if (starts.length < 2) return [];
  // partner[i]: the next run after i with the same length (-1 when none).
  const partner = new Array<number>(starts.length).fill(-1);
  const lastSeen = new Map<number, number>();
  for (let run = starts.length - 1; run >= 0; run--) {
    const length = lengths[run] ?? 0;
    partner[run] = lastSeen.get(length) ?? -1;
    lastSeen.set(length, run);
  }
  const spans: number[] = [];
  let run = 0;
  while (run < starts.length) {
    const close = partner[run] ?? -1;
    if (close === -1) {
      run++;
      continue;
    }
    spans.push(starts[run] ?? 0, (starts[close] ?? 0) + (lengths[close] ?? 0));
    run = close + 1;
  }
  return spans;
}
