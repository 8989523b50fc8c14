/**
 * @module The audit's one pass over each file (SPEC §17): every rule names the literal words ("anchors")
 * that any line it could report must hold — `curl` for a download piped to a shell, `authorized_keys` for
 * a key added to it — and one Aho–Corasick automaton over all rules' anchors marks, line by line, which
 * rules' words the line holds. A rule then runs its regular expressions only on its marked lines: most
 * rules never run on most text, and no text is scanned more than once for them.
 *
 * Anchors match as the rules' case-insensitive patterns do: ASCII letters fold, nothing else does (a
 * non-ASCII character never matches an ASCII letter under `/i` without `/u`). A rule's anchors must be
 * a necessary condition of its patterns; `line-anchors.test.ts` checks that over every line of the corpus.
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

/** Marks per line: `WORDS` 32-bit words each. Enough for every group the rules define. */
export const WORDS = 3;

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
  /** `next[(state << 7) | code]`: the state after an ASCII code, uppercase folded into the table. */
  next: Uint16Array;
  /** `marks[state * WORDS + word]`: the bits of every group with an anchor ending at this state. */
  marks: Uint32Array;
  /** Whether a state ends any anchor. */
  ends: Uint8Array;
}

function build(): Automaton {
  // The trie of every anchor.
  const children: Array<Map<number, number>> = [new Map()];
  const output: Uint32Array[] = [new Uint32Array(WORDS)];
  for (const group of groups)
    for (const anchor of group.anchors) {
      let state = 0;
      for (let at = 0; at < anchor.length; at++) {
        const code = anchor.charCodeAt(at);
        let child = children[state]!.get(code);
        if (child === undefined) {
          child = children.length;
          children.push(new Map());
          output.push(new Uint32Array(WORDS));
          children[state]!.set(code, child);
        }
        state = child;
      }
      output[state]![group.word]! |= group.bit;
    }
  // Breadth first: failure links, outputs merged along them, and the full transition table.
  const count = children.length;
  const next = new Int32Array(count * 128);
  const fail = new Int32Array(count);
  const queue: number[] = [];
  for (const [code, child] of children[0]!) {
    next[code] = child;
    queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    for (let w = 0; w < WORDS; w++) output[state]![w]! |= output[fail[state]!]![w]!;
    for (let code = 0; code < 128; code++) {
      const child = children[state]!.get(code);
      if (child === undefined) next[state * 128 + code] = next[fail[state]! * 128 + code]!;
      else {
        fail[child] = next[fail[state]! * 128 + code]!;
        next[state * 128 + code] = child;
        queue.push(child);
      }
    }
  }
  // A small table (16-bit states, case folded in) keeps the scan's one lookup per character in cache.
  if (count > 0xffff) throw new Error("audit anchors: too many states for the scan's table");
  const folded = new Uint16Array(count * 128);
  for (let state = 0; state < count; state++)
    for (let code = 0; code < 128; code++)
      folded[state * 128 + code] = next[state * 128 + (code >= 65 && code <= 90 ? code + 32 : code)]!;
  const marks = new Uint32Array(count * WORDS);
  const ends = new Uint8Array(count);
  for (let state = 0; state < count; state++)
    for (let w = 0; w < WORDS; w++) {
      marks[state * WORDS + w] = output[state]![w]!;
      if (output[state]![w] !== 0) ends[state] = 1;
    }
  return { next: folded, marks, ends };
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

/**
 * The marks of each line of `text` (lines split at `\n`): `WORDS` words per line, line `i`'s at
 * `i * WORDS`. One pass over the text whatever the number of rules. With `all`, every mark is also added
 * to it (the text's union).
 */
export function markLines(text: string, lineCount: number, all?: Uint32Array): Uint32Array {
  automaton ??= build();
  const { next, marks: stateMarks, ends } = automaton;
  const marks = new Uint32Array(Math.max(1, lineCount) * WORDS);
  let state = 0;
  let base = 0;
  // Whether the current line got a mark: then, at its end, its marks join `all`.
  let marked = false;
  for (let at = 0, length = text.length; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code < 128) {
      if (code === 10) {
        if (marked && all) for (let w = 0; w < WORDS; w++) all[w]! |= marks[base + w]!;
        marked = false;
        base += WORDS;
        state = 0;
        continue;
      }
      state = next[(state << 7) | code]!;
      if (ends[state] === 1) {
        for (let w = 0; w < WORDS; w++) marks[base + w]! |= stateMarks[state * WORDS + w]!;
        marked = true;
      }
    } else {
      if (invisible(code)) {
        marks[base]! |= INVISIBLE_GROUP.bit;
        marked = true;
      }
      state = 0;
    }
  }
  if (marked && all) for (let w = 0; w < WORDS; w++) all[w]! |= marks[base + w]!;
  return marks;
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
