/**
 * @module The task text of a turn: the message with the activated mention tokens taken out and the
 * whitespace around each gap tidied (`$tdd fix it` → `fix it`, `use $tdd, then` → `use, then`).
 */

function isHorizontalSpace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Punctuation that attaches to the word before it, so no space is kept in front of it. */
function attachesLeft(code: number): boolean {
  return code === 0x2c || code === 0x2e || code === 0x3b || code === 0x3a || code === 0x21 || code === 0x3f;
}

/**
 * Removes `ranges` (UTF-16 offsets, `end` exclusive; overlapping or unsorted ranges are fine) from
 * `text`. At each gap, spaces and tabs on both sides collapse to one space, or to none at a line edge or
 * before `,.;:!?`. The result is trimmed. Linear in the text length.
 * @example removeMentions("use $pdf now", [{ start: 4, end: 8 }]) // "use now"
 */
export function removeMentions(text: string, ranges: readonly { start: number; end: number }[]): string {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let cursor = 0;
  let gapBefore = false;
  const append = (piece: string) => {
    if (!gapBefore) {
      parts.push(piece);
      return;
    }
    // Drop trailing spaces of what came before the gap (possibly several whitespace-only parts).
    let lastText = "";
    while (parts.length > 0) {
      const last = parts[parts.length - 1] ?? "";
      let cut = last.length;
      while (cut > 0 && isHorizontalSpace(last.charCodeAt(cut - 1))) cut--;
      if (cut > 0) {
        parts[parts.length - 1] = last.slice(0, cut);
        lastText = parts[parts.length - 1] ?? "";
        break;
      }
      parts.pop();
    }
    let skip = 0;
    while (skip < piece.length && isHorizontalSpace(piece.charCodeAt(skip))) skip++;
    const right = piece.slice(skip);
    const leftCode = lastText.charCodeAt(lastText.length - 1);
    const rightCode = right.charCodeAt(0);
    const joined =
      lastText === "" ||
      right === "" ||
      leftCode === 0x0a ||
      rightCode === 0x0a ||
      rightCode === 0x0d ||
      attachesLeft(rightCode);
    if (!joined) parts.push(" ");
    parts.push(right);
  };
  for (const { start, end } of sorted) {
    if (end <= cursor) continue;
    append(text.slice(cursor, Math.max(cursor, start)));
    gapBefore = true;
    cursor = end;
  }
  append(text.slice(cursor));
  return parts.join("").trim();
}
