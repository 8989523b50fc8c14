/**
 * @module Wrapping text to the terminal's width, words kept whole where they fit (`wrap-ansi`: CJK,
 * emoji and ANSI codes measured as the terminal shows them). One-column text (`one-column.ts`) — what a
 * piped, uncoloured review or diagnostic almost always is — is wrapped here exactly as `wrap-ansi` would,
 * without loading it: it brings `string-width` and the Unicode segmenter along, ~20 ms of an `add` that
 * takes two hundred. Render through {@link withWrapRules}: other text loads them, then renders again.
 */
import { isOneColumnText } from "./one-column.js";

type WrapAnsi = (text: string, columns: number, options: { hard: true; trim: true }) => string;

let wrapAnsi: WrapAnsi | undefined;

/** Thrown by {@link wrapWidth} for text that needs `wrap-ansi` before it is loaded. */
class WrapRulesNeeded extends Error {}

/**
 * What `render` returns; when it wrapped text that needs `wrap-ansi` (colour, other scripts), the rules
 * are loaded and it runs again. `render` must have no side effects (it may run twice).
 */
export async function withWrapRules<T>(render: () => T): Promise<T> {
  if (wrapAnsi === undefined) {
    try {
      return render();
    } catch (error) {
      if (!(error instanceof WrapRulesNeeded)) throw error;
    }
    wrapAnsi = (await import("wrap-ansi")).default;
  }
  return render();
}

/** `text` wrapped to `width` columns: its own leading spaces kept, each continuation line starting with `indent`. */
export function wrapWidth(text: string, width: number, indent = ""): string {
  const lead = /^ */.exec(text)?.[0] ?? "";
  const room = Math.max(10, width - Math.max(lead.length, indent.length));
  const rest = text.slice(lead.length);
  let wrapped: string;
  if (isOneColumnText(rest)) wrapped = wrapPlain(rest, room);
  else if (wrapAnsi !== undefined) wrapped = wrapAnsi(rest, room, { hard: true, trim: true });
  else throw new WrapRulesNeeded("wrapWidth needs wrap-ansi: render through withWrapRules");
  return lead + wrapped.replaceAll("\n", `\n${indent}`);
}

/**
 * `wrap-ansi`'s `{ hard: true, trim: true }` for one line of one-column text (its own steps, with every
 * character one column): words go on a row while they fit; a word longer than a row is cut, starting on
 * the current row when that saves a break; each row is trimmed of spaces at both ends.
 */
export function wrapPlain(line: string, columns: number): string {
  if (line.trim() === "") return "";
  const rows = [""];
  let rowLength = 0;
  let trimmedRow = -1;
  const words = line.split(" ");
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    const last = rows.length - 1;
    if (trimmedRow !== last) {
      const row = rows[last] as string;
      const trimmed = row.trimStart();
      if (trimmed.length !== row.length) {
        rows[last] = trimmed;
        rowLength = trimmed.length;
      }
      if (trimmed.length > 0) trimmedRow = last;
    }
    if (index > 0 && rowLength > 0) {
      rows[rows.length - 1] += " ";
      rowLength++;
    }
    if (word.length > columns) {
      const breaksStartingHere = 1 + Math.floor((word.length - (columns - rowLength) - 1) / columns);
      const breaksStartingNext = Math.floor((word.length - 1) / columns);
      if (breaksStartingNext < breaksStartingHere) {
        rows.push("");
        rowLength = 0;
      }
      rowLength = cutWord(rows, word, columns, rowLength);
      continue;
    }
    if (rowLength + word.length > columns && rowLength > 0 && word.length > 0) {
      rows.push("");
      rowLength = 0;
    }
    rows[rows.length - 1] += word;
    rowLength += word.length;
  }
  return rows.map((row) => row.trimEnd()).join("\n");
}

/** Puts `word` on the rows a character at a time, a new row when one is full; the last row's length. */
function cutWord(rows: string[], word: string, columns: number, rowLength: number): number {
  let visible = rowLength;
  for (let index = 0; index < word.length; index++) {
    if (visible > 0 && visible + 1 > columns) {
      rows.push("");
      visible = 0;
    }
    rows[rows.length - 1] += word.charAt(index);
    visible++;
    if (visible === columns && index < word.length - 1) {
      rows.push("");
      visible = 0;
    }
  }
  return (rows[rows.length - 1] as string).length;
}
