/**
 * @module Wrapping text to the terminal's width, words kept whole where they fit (`wrap-ansi`: CJK,
 * emoji and ANSI codes measured as the terminal shows them).
 */
import wrapAnsi from "wrap-ansi";

/** `text` wrapped to `width` columns: its own leading spaces kept, each continuation line starting with `indent`. */
export function wrapWidth(text: string, width: number, indent = ""): string {
  const lead = /^ */.exec(text)?.[0] ?? "";
  const room = Math.max(10, width - Math.max(lead.length, indent.length));
  const wrapped = wrapAnsi(text.slice(lead.length), room, { hard: true, trim: true });
  return lead + wrapped.replaceAll("\n", `\n${indent}`);
}
