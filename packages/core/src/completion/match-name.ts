/**
 * @module How a typed query matches a skill name, in the order completion ranks them: exact, prefix,
 * word boundary (`sd` → `systematic-debugging`: each typed run starts a word), subsequence. Names and
 * queries are compared lowercased; positions are UTF-16 offsets into the name, for highlighting.
 */

/** Match kinds, best first; `description` is a match on a description word, not the name. */
export type MatchKind = "exact" | "prefix" | "word" | "subsequence" | "description";

/** Rank of each kind (lower is better). */
export const MATCH_RANK: Readonly<Record<MatchKind, number>> = {
  exact: 0,
  prefix: 1,
  word: 2,
  subsequence: 3,
  description: 4,
};

/** Characters that separate the words of a name: `-`, `_`, `:`, `.`, `/` and space. */
export function isSeparator(code: number): boolean {
  return code === 0x2d || code === 0x5f || code === 0x3a || code === 0x2e || code === 0x2f || code === 0x20;
}

/** Offsets where a word of `name` starts: its first character and each one after a separator. */
function wordStarts(name: string): number[] {
  const starts: number[] = [];
  let atStart = true;
  for (let index = 0; index < name.length; index++) {
    const separator = isSeparator(name.charCodeAt(index));
    if (!separator && atStart) starts.push(index);
    atStart = separator;
  }
  return starts;
}

/** The query without separators: `sys-deb` matches words as `sysdeb` does. */
function withoutSeparators(query: string): string {
  let out = "";
  for (let index = 0; index < query.length; index++) {
    if (!isSeparator(query.charCodeAt(index))) out += query[index];
  }
  return out;
}

/**
 * Positions where `query` matches `name` as a run of word prefixes (each typed run starts a word; words
 * may be skipped), or undefined. A failed (query offset, word) pair is remembered, so the search is
 * polynomial: at most query length × words states, each tried once.
 */
export function wordBoundaryPositions(query: string, name: string): number[] | undefined {
  const typed = withoutSeparators(query);
  if (typed === "") return undefined;
  const starts = wordStarts(name);
  const failed = new Set<number>();
  const positions: number[] = [];
  const search = (offset: number, firstWord: number): boolean => {
    if (offset === typed.length) return true;
    const key = offset * (starts.length + 1) + firstWord;
    if (failed.has(key)) return false;
    for (let word = firstWord; word < starts.length; word++) {
      const start = starts[word] ?? 0;
      let run = 0;
      while (
        offset + run < typed.length &&
        start + run < name.length &&
        name.charCodeAt(start + run) === typed.charCodeAt(offset + run) &&
        !isSeparator(name.charCodeAt(start + run))
      ) {
        run++;
      }
      for (let take = run; take >= 1; take--) {
        for (let index = 0; index < take; index++) positions.push(start + index);
        if (search(offset + take, word + 1)) return true;
        positions.length -= take;
      }
    }
    failed.add(key);
    return false;
  };
  return search(0, 0) ? positions : undefined;
}

/**
 * True when `query` matches `name` as a run of word prefixes (see `wordBoundaryPositions`), without
 * allocating: the query offsets reachable after each word are a bit mask (queries up to 30 characters;
 * longer ones take the search in `wordBoundaryPositions`).
 */
export function matchesWordBoundaries(query: string, name: string): boolean {
  if (query.length > 30) return wordBoundaryPositions(query, name) !== undefined;
  let typed = query;
  for (let index = 0; index < query.length; index++) {
    if (isSeparator(query.charCodeAt(index))) {
      typed = withoutSeparators(query);
      break;
    }
  }
  if (typed === "") return false;
  const done = 1 << typed.length;
  let reach = 1; // bit o: the first o typed characters are matched
  let index = 0;
  while (index < name.length) {
    while (index < name.length && isSeparator(name.charCodeAt(index))) index++;
    const start = index;
    while (index < name.length && !isSeparator(name.charCodeAt(index))) index++;
    let next = reach;
    for (let offset = 0; offset < typed.length; offset++) {
      if ((reach & (1 << offset)) === 0) continue;
      for (let run = 0; offset + run < typed.length && start + run < index; run++) {
        if (name.charCodeAt(start + run) !== typed.charCodeAt(offset + run)) break;
        next |= 1 << (offset + run + 1);
      }
    }
    reach = next;
    if ((reach & done) !== 0) return true;
  }
  return false;
}

/** True when the code points of `query` appear in `name` in order. */
export function isSubsequence(query: string, name: string): boolean {
  let from = 0;
  for (let index = 0; index < query.length; index++) {
    const found = name.indexOf(query[index] as string, from);
    if (found === -1) return false;
    from = found + 1;
  }
  return true;
}

/** Leftmost positions of `query`'s characters in `name`, in order (call after `isSubsequence`). */
export function subsequencePositions(query: string, name: string): number[] {
  const positions: number[] = [];
  let from = 0;
  for (let index = 0; index < query.length; index++) {
    const found = name.indexOf(query[index] as string, from);
    if (found === -1) return [];
    positions.push(found);
    from = found + 1;
  }
  return positions;
}

/** Offsets `[from, from + length)`. */
export function rangePositions(from: number, length: number): number[] {
  return Array.from({ length }, (_, index) => from + index);
}

/** True when a word of lowercase `text` starts at `index`: at the start, or after a non-letter, non-digit. */
export function isWordStart(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text.charCodeAt(index - 1);
  return !((before >= 0x61 && before <= 0x7a) || (before >= 0x30 && before <= 0x39) || before > 0x7f);
}

/** True when a word of lowercase `text` starts with `query` (the description tier). */
export function hasWordStartingWith(text: string, query: string): boolean {
  for (let found = text.indexOf(query); found !== -1; found = text.indexOf(query, found + 1)) {
    if (isWordStart(text, found)) return true;
  }
  return false;
}
