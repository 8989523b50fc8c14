/**
 * @module The composer's text and cursor, edited by pure functions (a key in, a new state out), so the
 * terminal UI holds no editing logic of its own and every edit is tested without a terminal.
 */

/** Text and a cursor (a UTF-16 offset in `[0, text.length]`, never inside a surrogate pair). */
export interface LineState {
  text: string;
  cursor: number;
}

/** Longest message the composer holds; pasting more keeps the first this many characters. */
export const MAX_TEXT = 1_000_000;

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** One code point left of `index`. */
function previousIndex(text: string, index: number): number {
  if (index <= 0) return 0;
  return index >= 2 && isLowSurrogate(text.charCodeAt(index - 1)) ? index - 2 : index - 1;
}

/** One code point right of `index`. */
function nextIndex(text: string, index: number): number {
  if (index >= text.length) return text.length;
  return isLowSurrogate(text.charCodeAt(index + 1)) ? index + 2 : index + 1;
}

export function insert(state: LineState, typed: string): LineState {
  const room = MAX_TEXT - state.text.length;
  if (room <= 0 || typed === "") return state;
  const piece = typed.length > room ? typed.slice(0, room) : typed;
  return {
    text: state.text.slice(0, state.cursor) + piece + state.text.slice(state.cursor),
    cursor: state.cursor + piece.length,
  };
}

export function deleteBackward(state: LineState): LineState {
  if (state.cursor === 0) return state;
  const from = previousIndex(state.text, state.cursor);
  return { text: state.text.slice(0, from) + state.text.slice(state.cursor), cursor: from };
}

export function deleteForward(state: LineState): LineState {
  if (state.cursor >= state.text.length) return state;
  const to = nextIndex(state.text, state.cursor);
  return { text: state.text.slice(0, state.cursor) + state.text.slice(to), cursor: state.cursor };
}

export function moveLeft(state: LineState): LineState {
  return { ...state, cursor: previousIndex(state.text, state.cursor) };
}

export function moveRight(state: LineState): LineState {
  return { ...state, cursor: nextIndex(state.text, state.cursor) };
}

/** Replaces `[start, end)` with `replacement` and a space (unless one follows), the cursor after the space. */
export function replaceRange(state: LineState, start: number, end: number, replacement: string): LineState {
  const after = state.text.slice(end);
  const spacer = after.startsWith(" ") ? "" : " ";
  const text = state.text.slice(0, start) + replacement + spacer + after;
  return { text: text.slice(0, MAX_TEXT), cursor: Math.min(start + replacement.length + 1, MAX_TEXT) };
}
