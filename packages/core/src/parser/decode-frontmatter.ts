/**
 * @module Decodes only the frontmatter of a SKILL.md's bytes: what discovery needs (SPEC §3).
 */
import { decodeSkillBytes, isDecodable } from "./decode-text.js";
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
 * closed by a line break: decode the whole with {@link decodeSkillBytes}). Every byte is still checked as
 * `decodeSkillBytes` would (UTF-16, NUL, UTF-8); undefined when one fails, so the caller reports it.
 *
 * Why: skill bodies are ten times their frontmatter, so decoding them cost discovery more than reading
 * them; and parsed values are slices of the decoded text, which keeps a whole decoded file alive per
 * loaded skill. The split is the one `splitFrontmatter` makes of the whole text: it stops at the first
 * closing line, and that line is here in full, with its line break.
 */
export function decodeFrontmatter(bytes: Uint8Array, path: string): DecodedFrontmatter | undefined {
  if (!isDecodable(bytes)) return undefined;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SEARCH_BYTES));
  let from = 0;
  for (;;) {
    const end = closingLineEnd(view, from);
    if (end === -1) return undefined;
    const decoded = decodeSkillBytes(bytes.subarray(0, end + 1), path);
    if (!decoded.ok) return undefined;
    const split = splitFrontmatter(decoded.text);
    if (split.kind === "frontmatter") return { text: decoded.text, split };
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
