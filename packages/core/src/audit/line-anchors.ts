/**
 * @module The audit's one pass over each file (SPEC §17): every rule names the literal words ("anchors")
 * that any line it could report must hold — `curl` for a download piped to a shell, `authorized_keys` for
 * a key added to it — and one Aho–Corasick automaton over all rules' anchors marks, line by line, which
 * rules' words the line holds, noting where each line starts as it goes. A rule then cuts out and runs its
 * regular expressions on only its marked lines: most rules never run on most text, no text is scanned
 * more than once for them, and no file is split into lines.
 *
 * Anchors match as the rules' case-insensitive patterns do: ASCII letters fold, nothing else does (a
 * non-ASCII character never matches an ASCII letter under `/i` without `/u`). A space in an anchor stands
 * for any white space `\s` matches (`nc ` for `\bnc\s+`). A rule's anchors must be a necessary condition of
 * its patterns; `line-anchors.test.ts` checks that over every line of the corpus.
 */

/** One rule's set of anchors, as a bit of each line's mark. */
export interface AnchorGroup {
  /** The anchors, lowercase ASCII. */
  readonly anchors: readonly string[];
  /** Which word of a line's mark holds its bit, and the bit. */
  readonly word: number;
  readonly bit: number;
  /** What can only be true of a line that holds one of the anchors (checked by the test). */
  readonly guards: ReadonlyArray<RegExp | ((line: string) => unknown)>;
}

/** Lines that hold a character no reader sees (zero-width, bidi controls, tag characters, selectors). */
export const INVISIBLE_GROUP: AnchorGroup = {
  anchors: [],
  word: 0,
  bit: 1,
  guards: [
    /[\u200b-\u200d\u2060-\u2064\ufeff\u180e\u202a-\u202e\u2066-\u2069]|[\u{e0000}-\u{e007f}]|[\u{e0100}-\u{e01ef}]/u,
  ],
};

const groups: AnchorGroup[] = [INVISIBLE_GROUP];
let automaton: Automaton | undefined;

/**
 * Marks per line: `WORDS` 32-bit words each. Enough for every group the rules define (the scan keeps one
 * local per word: raising it means a local more in `markLines`).
 */
export const WORDS = 2;

/**
 * A group of anchors, each lowercase printable ASCII, that every line matching one of `guards` (the rule's
 * line patterns or tests) holds. Call at module load: the automaton is built once, on the first scan, from
 * every group defined by then.
 */
export function anchorGroup(
  anchors: readonly string[],
  ...guards: Array<RegExp | ((line: string) => unknown)>
): AnchorGroup {
  for (const anchor of anchors)
    if (anchor === "" || !/^[\x20-\x7e]+$/.test(anchor) || anchor !== anchor.toLowerCase())
      throw new Error(`audit anchor ${JSON.stringify(anchor)}: must be lowercase printable ASCII`);
  const index = groups.length;
  if (index >= WORDS * 32) throw new Error("audit anchors: too many groups; raise WORDS in line-anchors.ts");
  const group: AnchorGroup = { anchors: [...anchors], word: index >> 5, bit: 1 << (index & 31), guards };
  groups.push(group);
  automaton = undefined;
  return group;
}

interface Automaton {
  /**
   * `next[row | classOf[code]]`: the row of the state after an ASCII code, where a state's row is its
   * number shifted left by `shift` (kept shifted, so the scan's chain from one character to the next is
   * a single load). Characters are grouped in classes (each character of an anchor, uppercase with its
   * lowercase; every other one in class 0; the line break alone), so a row is as wide as the anchors'
   * alphabet and the table stays in cache.
   */
  next: Int32Array;
  classOf: Uint8Array;
  shift: number;
  /** `marks[state * WORDS + word]`: the bits of every group with an anchor ending at this state. */
  marks: Uint32Array;
  /** The rows from this one up end an anchor (numbered last), but for `lineEnd`, the very last. */
  endFrom: number;
  /** The row of the state after a line break: a root state that the scan stops at to close the line. */
  lineEnd: number;
}

function build(): Automaton {
  // The classes of characters: one per character of an anchor (class 0: every other one), then the line
  // break's. The trie and its failure links are built over classes, not over all 128 ASCII codes.
  const classOf = new Uint8Array(128);
  let classes = 1;
  let characters = 0;
  for (const group of groups)
    for (const anchor of group.anchors) {
      characters += anchor.length;
      for (let at = 0; at < anchor.length; at++) {
        const code = anchor.charCodeAt(at);
        if (classOf[code] === 0) classOf[code] = classes++;
      }
    }
  // The trie of every anchor: `child[state * classes + class]`, -1 for none; at most one state a character.
  const child = new Int32Array((characters + 1) * classes).fill(-1);
  const output = new Uint32Array((characters + 1) * WORDS);
  let count = 1;
  for (const group of groups)
    for (const anchor of group.anchors) {
      let state = 0;
      for (let at = 0; at < anchor.length; at++) {
        const slot = state * classes + classOf[anchor.charCodeAt(at)]!;
        if (child[slot] === -1) child[slot] = count++;
        state = child[slot]!;
      }
      output[state * WORDS + group.word]! |= group.bit;
    }
  // Breadth first: failure links, outputs merged along them, and the full transition table (class 0 leads
  // back to the root from anywhere).
  const next = new Int32Array(count * classes);
  const fail = new Int32Array(count);
  const queue: number[] = [];
  for (let kind = 1; kind < classes; kind++) {
    const first = child[kind]!;
    if (first === -1) continue;
    next[kind] = first;
    queue.push(first);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    const back = fail[state]!;
    for (let w = 0; w < WORDS; w++) output[state * WORDS + w]! |= output[back * WORDS + w]!;
    for (let kind = 1; kind < classes; kind++) {
      const found = child[state * classes + kind]!;
      if (found === -1) next[state * classes + kind] = next[back * classes + kind]!;
      else {
        fail[found] = next[back * classes + kind]!;
        next[state * classes + kind] = found;
        queue.push(found);
      }
    }
  }
  for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32]!;
  // White space is one class: an anchor's space stands for any (as `\s` in a pattern).
  for (const code of [9, 11, 12, 13]) classOf[code] = classOf[32]!;
  const lineBreak = classes;
  classOf[10] = lineBreak;
  const shift = Math.ceil(Math.log2(lineBreak + 1));
  // States renumbered: those that end no anchor first (the root stays 0), then those that do, then the
  // state after a line break; the scan then tells both rare cases apart from the rest with one comparison.
  const ends = (state: number) =>
    output.subarray(state * WORDS, (state + 1) * WORDS).some((word) => word !== 0);
  const order: number[] = [];
  for (let state = 0; state < count; state++) if (!ends(state)) order.push(state);
  const endFrom = order.length;
  for (let state = 0; state < count; state++) if (ends(state)) order.push(state);
  const lineEnd = count;
  if ((lineEnd + 1) * 2 ** shift > 2 ** 31)
    throw new Error("audit anchors: too many states for the scan's table");
  const number = new Int32Array(count);
  order.forEach((state, at) => {
    number[state] = at;
  });
  const table = new Int32Array((count + 1) << shift);
  const marks = new Uint32Array((count + 1) * WORDS);
  for (let state = 0; state <= count; state++) {
    // The state after a line break goes on as the root does.
    const old = state === lineEnd ? 0 : order[state]!;
    for (let kind = 1; kind < classes; kind++)
      table[(state << shift) | kind] = number[next[old * classes + kind]!]! << shift;
    table[(state << shift) | lineBreak] = lineEnd << shift;
    if (state !== lineEnd)
      for (let w = 0; w < WORDS; w++) marks[state * WORDS + w] = output[old * WORDS + w]!;
  }
  return { next: table, classOf, shift, marks, endFrom: endFrom << shift, lineEnd: lineEnd << shift };
}

/** Whether UTF-16 code unit `code` belongs to a character no reader sees (see the invisible-unicode rule). */
function invisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200d) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff ||
    code === 0x180e ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    // The high surrogate of U+E0000–E03FF: tag characters and the supplementary variation selectors.
    code === 0xdb40
  );
}

/** One pass over a text (see {@link markLines}). */
export interface MarkedLines {
  /**
   * Where each line starts (lines split at `\n`), then one past the text's end plus one: line `i` is
   * `text.slice(starts[i], starts[i + 1] - 1)`, and the text has `starts.length - 1` lines.
   */
  starts: Int32Array;
  /** The marks of each line: `WORDS` words per line, line `i`'s at `i * WORDS`. */
  marks: Uint32Array;
  /** The marks of every line together. */
  all: Uint32Array;
}

// One text's line starts and marks are written here first (grown for a text with more lines), then copied
// out at their real length: no per-file guess of the line count, no split of the text to learn it.
let startScratch = new Int32Array(1 << 14);
let markScratch = new Uint32Array((1 << 14) * WORDS);

/** Whether UTF-16 code unit `code` (past ASCII) is white space to `\s`. */
function wideSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Where the lines of `text` start and which anchors each holds (see {@link MarkedLines}): one pass over the
 * text whatever the number of rules, and no line cut out of it.
 */
export function markLines(text: string): MarkedLines {
  automaton ??= build();
  const { next, classOf, shift, marks: stateMarks, endFrom, lineEnd } = automaton;
  const all = new Uint32Array(WORDS);
  let starts = startScratch;
  let marks = markScratch;
  // The current state's row (see `Automaton.next`).
  let state = 0;
  let line = 0;
  // The current line's marks, one local per word (`WORDS` is 2), stored when the line ends.
  let mark0 = 0;
  let mark1 = 0;
  starts[0] = 0;
  for (let at = 0, length = text.length; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code < 128) state = next[state | classOf[code]!]!;
    else {
      if (invisible(code)) mark0 |= INVISIBLE_GROUP.bit;
      // Past ASCII only white space goes on (as a space); any other character starts over.
      state = wideSpace(code) ? next[state | classOf[32]!]! : 0;
    }
    if (state < endFrom) continue;
    if (state !== lineEnd) {
      const from = (state >> shift) * WORDS;
      mark0 |= stateMarks[from]!;
      mark1 |= stateMarks[from + 1]!;
      continue;
    }
    // The line ends.
    const base = line * WORDS;
    marks[base] = mark0;
    marks[base + 1] = mark1;
    all[0]! |= mark0;
    all[1]! |= mark1;
    mark0 = mark1 = 0;
    line++;
    if (line + 1 >= starts.length) {
      startScratch = starts = grown(starts, starts.length * 2);
      markScratch = marks = grown(marks, marks.length * 2);
    }
    starts[line] = at + 1;
  }
  // The last line (ended by the text's end).
  const base = line * WORDS;
  marks[base] = mark0;
  marks[base + 1] = mark1;
  all[0]! |= mark0;
  all[1]! |= mark1;
  starts[line + 1] = text.length + 1;
  return { starts: starts.slice(0, line + 2), marks: marks.slice(0, base + WORDS), all };
}

/** A copy of `array` with room for `length` items. */
function grown<T extends Int32Array | Uint32Array>(array: T, length: number): T {
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}

/** Every group defined so far (for the test that checks each group's guards). */
export function anchorGroups(): readonly AnchorGroup[] {
  return groups;
}

/** Whether line `line` (0-based) of `marks` holds an anchor of `group`. */
export function lineHas(marks: Uint32Array, line: number, group: AnchorGroup): boolean {
  return (marks[line * WORDS + group.word]! & group.bit) !== 0;
}

/** Whether `all` (the marks of every line together, see `markLines`) holds an anchor of any of `wanted`. */
export function holdsAny(all: Uint32Array, ...wanted: AnchorGroup[]): boolean {
  return wanted.some((group) => (all[group.word]! & group.bit) !== 0);
}
