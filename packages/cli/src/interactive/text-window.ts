/**
 * @module What of a long message the composer draws: the lines around the cursor that fit the terminal,
 * so a 100,000-character line costs a screenful per keystroke, not the whole line.
 */
import type { LineState } from "./line-editor.js";

/** The part of the text to draw, the cursor within it, and whether text was left out before/after. */
export interface TextWindow {
  before: string;
  /** The character under the cursor (a space at the end). */
  atCursor: string;
  after: string;
  clippedStart: boolean;
  clippedEnd: boolean;
  /** Offset of `before` in the full text (to place the popup under a token). */
  offset: number;
}

/**
 * The window of `state` at most `rows` × `columns` characters around the cursor (counting characters,
 * not cells: a wide character takes more, so the window is a bound, not an exact fit).
 */
export function textWindow(state: LineState, columns: number, rows: number): TextWindow {
  const width = Math.max(1, columns);
  const size = Math.max(width, width * Math.max(1, rows) - 2);
  const { text, cursor } = state;
  let start = 0;
  let end = text.length;
  if (text.length > size) {
    start = Math.max(0, Math.min(cursor - Math.floor(size * 0.75), text.length - size));
    end = Math.min(text.length, start + size);
  }
  // Keep surrogate pairs whole at the window's edges.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start] ?? "")) start++;
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1] ?? "")) end--;
  const codePoint = text.codePointAt(cursor);
  const cursorEnd = codePoint === undefined ? cursor : cursor + (codePoint > 0xffff ? 2 : 1);
  const atCursor = cursor < text.length ? text.slice(cursor, cursorEnd) : " ";
  const shown = (from: number, to: number) => text.slice(Math.max(start, from), Math.min(end, to));
  return {
    before: shown(start, cursor),
    atCursor: atCursor === "\n" ? " \n" : atCursor,
    after: shown(cursorEnd, end),
    clippedStart: start > 0,
    clippedEnd: end < text.length,
    offset: start,
  };
}
