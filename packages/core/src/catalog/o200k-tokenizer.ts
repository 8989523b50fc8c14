/**
 * @module OpenAI's o200k_base encoding (GPT-4o, GPT-5, o-series), counted exactly: the encoding's
 * pre-tokenizing pattern, then byte-pair merges by rank, as tiktoken does. The vocabulary ships with
 * this package (`data/o200k_base.bin.br`, written by `scripts/build-o200k-data.mjs`) and is read on the
 * first count, never at import. Special tokens (`<|endoftext|>`, …) are counted as the text they are:
 * text from skills is data, not control.
 */
import { pathToFileURL } from "node:url";
import { corePackagePath } from "../fs/core-package-path.js";
import { nodeBuiltin, nodeFs } from "../fs/node-builtin.js";

const { readFileSync } = nodeFs;

/**
 * The o200k_base pre-tokenizer: words with their leading mark and contraction, 1–3 digits, punctuation runs,
 * spaces. Made on first use: its Unicode classes cost ~2 ms to build, which importing `@skillset/core`
 * need not pay.
 */
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
let pieces: RegExp | undefined;
const piecesPattern = (): RegExp =>
  (pieces ??= new RegExp(
    [
      `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+${CONTRACTION}`,
      `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*${CONTRACTION}`,
      "\\p{N}{1,3}",
      " ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*",
      "\\s*[\\r\\n]+",
      "\\s+(?!\\S)",
      "\\s+",
    ].join("|"),
    "gu",
  ));

/** Pieces remembered with their count; cleared when full (prose repeats its words). */
const MAX_REMEMBERED = 50_000;

/** Token bytes (one char per byte) → rank. */
type Ranks = Map<string, number>;

function readRanks(file: URL): Ranks {
  const bytes = nodeBuiltin("node:zlib").brotliDecompressSync(readFileSync(file));
  const ranks: Ranks = new Map();
  let rank = 0;
  for (let at = 0; at < bytes.length; ) {
    const length = bytes[at]!;
    ranks.set(bytes.toString("latin1", at + 1, at + 1 + length), rank++);
    at += 1 + length;
  }
  return ranks;
}

/** A min-heap of candidate merges, ordered by rank, then position (tiktoken merges the leftmost first). */
class MergeQueue {
  private readonly items: number[][] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: number[]): void {
    const { items } = this;
    items.push(item);
    for (let at = items.length - 1; at > 0; ) {
      const parent = (at - 1) >> 1;
      if (!before(items[at]!, items[parent]!)) break;
      [items[at], items[parent]] = [items[parent]!, items[at]!];
      at = parent;
    }
  }

  pop(): number[] {
    const { items } = this;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let at = 0; ; ) {
        const left = 2 * at + 1;
        const right = left + 1;
        let least = at;
        if (left < items.length && before(items[left]!, items[least]!)) least = left;
        if (right < items.length && before(items[right]!, items[least]!)) least = right;
        if (least === at) break;
        [items[at], items[least]] = [items[least]!, items[at]!];
        at = least;
      }
    }
    return top;
  }
}

/** `[rank, start, rightStart, rightEnd]`: lower rank first, then the leftmost. */
function before(a: number[], b: number[]): boolean {
  return a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!);
}

/**
 * Tokens of one piece (its UTF-8 bytes as a latin1 string) after byte-pair merging: symbols start as
 * single bytes, and the adjacent pair whose joined bytes have the lowest rank is merged until none has
 * one. A linked list and a heap keep long pieces (a line of `=`) at n log n.
 */
function mergedLength(piece: string, ranks: Ranks): number {
  const length = piece.length;
  /** `next[i]`: start of the symbol after the one starting at `i` (`length` at the end); -1 once merged away. */
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  for (let at = 0; at < length; at++) {
    next[at] = at + 1;
    previous[at] = at - 1;
  }
  const queue = new MergeQueue();
  const consider = (start: number) => {
    if (start < 0) return;
    const rightStart = next[start]!;
    if (rightStart >= length) return;
    const rightEnd = next[rightStart]!;
    const rank = ranks.get(piece.slice(start, rightEnd));
    if (rank !== undefined) queue.push([rank, start, rightStart, rightEnd]);
  };
  for (let at = 0; at < length - 1; at++) consider(at);
  let symbols = length;
  while (queue.size > 0) {
    const [, start, rightStart, rightEnd] = queue.pop() as [number, number, number, number];
    // Skip a candidate made stale by an earlier merge on either side.
    if (next[start] !== rightStart || next[rightStart] !== rightEnd) continue;
    next[start] = rightEnd;
    next[rightStart] = -1;
    if (rightEnd < length) previous[rightEnd] = start;
    symbols--;
    consider(previous[start]!);
    consider(start);
  }
  return symbols;
}

/** Counts o200k_base tokens; the vocabulary is read on the first call. */
export class O200kTokenizer {
  private ranks: Ranks | undefined;
  private remembered = new Map<string, number>();

  constructor(private readonly file: URL = pathToFileURL(corePackagePath("data/o200k_base.bin.br"))) {}

  /** Bound to the instance: `const { count } = tokenizer` works, as with any `Tokenizer` of plain functions. */
  readonly count = (text: string): number => {
    if (text === "") return 0;
    this.ranks ??= readRanks(this.file);
    let total = 0;
    for (const [piece] of text.matchAll(piecesPattern())) total += this.pieceTokens(piece, this.ranks);
    return total;
  };

  private pieceTokens(piece: string, ranks: Ranks): number {
    const known = this.remembered.get(piece);
    if (known !== undefined) return known;
    const bytes = Buffer.from(piece, "utf8").toString("latin1");
    const tokens = ranks.has(bytes) ? 1 : mergedLength(bytes, ranks);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered = new Map();
    this.remembered.set(piece, tokens);
    return tokens;
  }
}
