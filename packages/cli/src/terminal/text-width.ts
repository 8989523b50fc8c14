/**
 * @module Display width of text as a terminal shows it: CJK and emoji take two columns, ANSI codes none
 * (`string-width`); cutting keeps colours intact and ends with `…` (`cli-truncate`); wrapping keeps
 * words whole where it can (`wrap-ansi`).
 */
import cliTruncate from "cli-truncate";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** `text` cut to at most `width` columns, ending with `…` when cut. */
export function fitWidth(text: string, width: number): string {
  if (width <= 0) return "";
  return displayWidth(text) <= width ? text : cliTruncate(text, width, { position: "end" });
}

/** `text` padded with spaces to `width` columns (never cut). */
export function padWidth(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** `text` wrapped to `width` columns: its own leading spaces kept, each continuation line starting with `indent`. */
export function wrapWidth(text: string, width: number, indent = ""): string {
  const lead = /^ */.exec(text)?.[0] ?? "";
  const room = Math.max(10, width - Math.max(lead.length, indent.length));
  const wrapped = wrapAnsi(text.slice(lead.length), room, { hard: true, trim: true });
  return lead + wrapped.replaceAll("\n", `\n${indent}`);
}
