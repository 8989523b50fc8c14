/**
 * @module Text whose width is its length: every character one UTF-16 unit and one terminal column, no
 * escape sequence, nothing for a Unicode segmenter to join — printable ASCII, Latin-1's letters and signs,
 * and the punctuation skillset's own messages use (`…`, `—`, `→`, `·`, `✓`, quotes). Such text is measured,
 * cut and wrapped exactly without `string-width` and `wrap-ansi`, whose loading (and the segmenter they
 * start) costs a short command more than the rest of its work. The property tests beside `text-width.ts`
 * and `wrap-width.ts` hold this set to those packages' answers.
 */

/** The one-column signs beyond Latin-1 that skillset's messages use. */
export const ONE_COLUMN_SIGNS = "…—–→←↓↑•✓✗●○≤≥“”‘’›‹";

/** Printable ASCII, Latin-1 but its no-break space and soft hyphen, and {@link ONE_COLUMN_SIGNS}. */
const ONE_COLUMN_TEXT = new RegExp(`^[\\x20-\\x7e\\u00a1-\\u00ac\\u00ae-\\u00ff${ONE_COLUMN_SIGNS}]*$`);

/** One character of one-column text, for property tests: code points to draw from, in ranges. */
export const ONE_COLUMN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa1, 0xac],
  [0xae, 0xff],
  ...[...ONE_COLUMN_SIGNS].map((sign) => [sign.charCodeAt(0), sign.charCodeAt(0)] as const),
];

/** Whether every character of `text` is one column wide and needs no Unicode rules to measure. */
export function isOneColumnText(text: string): boolean {
  return ONE_COLUMN_TEXT.test(text);
}
