/**
 * @module Decodes only the frontmatter of a SKILL.md's bytes: what discovery needs (SPEC §3).
 */
import { decodeCheckedUtf8, isDecodableBuffer } from "./decode-text.js";
import { MAX_FRONTMATTER_BYTES } from "./parse-limits.js";
import { type FrontmatterSplit, splitFrontmatter } from "./split-frontmatter.js";

/** A split that found the frontmatter, and the text it was split from (the file up to its closing line). */
export interface DecodedFrontmatter {
  text: string;
  split: Extract<FrontmatterSplit, { kind: "frontmatter" }>;
}

const CLOSING = Buffer.from("\n---");
/** How far into the bytes a closing line is looked for: past it, `splitFrontmatter` reports too-large. */
const SEARCH_BYTES = MAX_FRONTMATTER_BYTES + 1024;

/**
 * Decodes the bytes of a SKILL.md up to the end of its frontmatter's closing `---` line, when the
 * frontmatter is complete there, else returns undefined (no frontmatter, an odd file, a frontmatter not
 * closed by a line break: decode the whole with `decodeSkillBytes`). Every byte is still checked as
 * `decodeSkillBytes` would (UTF-16, NUL, UTF-8); undefined when one fails, so the caller reports it.
 *
 * Why: skill bodies are ten times their frontmatter, so decoding them cost discovery more than reading
 * them; and parsed values are slices of the decoded text, which keeps a whole decoded file alive per
 * loaded skill. The split is the one `splitFrontmatter` makes of the whole text: it stops at the first
 * closing line, and that line is here in full, with its line break.
 *
 * @param _path Unused, kept for callers: a failure is reported by the caller's whole-text decode.
 */
export function decodeFrontmatter(bytes: Uint8Array, _path?: string): DecodedFrontmatter | undefined {
  // One Buffer view serves the byte checks and the searches (each view is an object to allocate).
  const whole = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isDecodableBuffer(whole)) return undefined;
  const view = whole.length > SEARCH_BYTES ? whole.subarray(0, SEARCH_BYTES) : whole;
  let from = 0;
  for (;;) {
    const end = closingLineEnd(view, from);
    if (end === -1) return undefined;
    // Every byte was checked above, and `end` is a line break: this prefix decodes without a fault.
    const text = decodeCheckedUtf8(whole.subarray(0, end + 1));
    const split = splitFrontmatter(text);
    if (split.kind === "frontmatter") return { text, split };
    // The `---` found opened the frontmatter (after blank lines): look for the next one.
    if (split.kind !== "unterminated") return undefined;
    from = end;
  }
}

/** Offset of the line break ending the first `---` line (only spaces, tabs, CR after it) after `from`. */
function closingLineEnd(view: Buffer, from: number): number {
  let at = view.indexOf(CLOSING, from);
  while (at !== -1) {
    let index = at + CLOSING.length;
    while (index < view.length && (view[index] === 0x20 || view[index] === 0x09 || view[index] === 0x0d))
      index++;
    if (index < view.length && view[index] === 0x0a) return index;
    at = view.indexOf(CLOSING, at + 1);
  }
  return -1;
}
