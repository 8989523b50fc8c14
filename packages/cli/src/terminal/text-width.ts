/**
 * @module Display width of text as a terminal shows it: CJK and emoji take two columns, ANSI codes none
 * (`string-width`); cutting keeps colours intact and ends with `…` (`cli-truncate`). One-column text
 * (`one-column.ts`) is measured and cut exactly without those packages. `loadWidthRules(texts)` loads them
 * when some text needs them; call it before measuring that text.
 */
import { isOneColumnText } from "./one-column.js";

type WidthRules = {
  stringWidth: (text: string) => number;
  cliTruncate: (text: string, columns: number, options: { position: "end" }) => string;
};

let rules: WidthRules | undefined;

/**
 * Loads the Unicode width rules (at most once): when any of `texts` is more than printable ASCII, or
 * always when no texts are given (an interactive screen, where a person types any text).
 */
export async function loadWidthRules(texts?: Iterable<string>): Promise<void> {
  if (rules !== undefined || (texts !== undefined && allOneColumn(texts))) return;
  const [{ default: stringWidth }, { default: cliTruncate }] = await Promise.all([
    import("string-width"),
    import("cli-truncate"),
  ]);
  rules = { stringWidth, cliTruncate };
}

function allOneColumn(texts: Iterable<string>): boolean {
  for (const text of texts) if (!isOneColumnText(text)) return false;
  return true;
}

function loadedRules(text: string): WidthRules {
  if (rules === undefined) {
    throw new Error(`loadWidthRules was not given ${JSON.stringify(text.slice(0, 20))} before measuring it`);
  }
  return rules;
}

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  return isOneColumnText(text) ? text.length : loadedRules(text).stringWidth(text);
}

/** `text` cut to at most `width` columns, ending with `…` when cut. */
export function fitWidth(text: string, width: number): string {
  if (width <= 0) return "";
  if (displayWidth(text) <= width) return text;
  return isOneColumnText(text)
    ? `${text.slice(0, width - 1)}…`
    : loadedRules(text).cliTruncate(text, width, { position: "end" });
}

/** `text` padded with spaces to `width` columns (never cut). */
export function padWidth(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}
