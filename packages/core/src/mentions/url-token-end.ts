/**
 * @module URLs are not mentions (SPEC §8): in `https://example.com/api/$deploy?x=1`,
 * `file:///tmp/$deploy/x` or `https://x.io/docs#$deploy` the `$` belongs to the URL, so the scanner skips
 * a URL token (a scheme, `://`, then everything up to whitespace) as a whole.
 */

/** What follows a URL's scheme. */
export const SCHEME_SEPARATOR = "://";

/** A character of a URL scheme after its first letter (RFC 3986): a letter, digit, `+`, `-` or `.`. */
function isSchemeCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e
  );
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** True for the whitespace that ends a URL token. */
function isWhitespace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x3000;
}

/**
 * Where the URL token whose `://` is at `separator` ends (the first whitespace at or after it, at most
 * `limit`), or `undefined` when no scheme precedes the `://`. The scheme is looked for back to `from` only
 * (the text before it was scanned already), so a scan that calls this from ever-later positions stays linear.
 * @example urlTokenEnd("see https://x.io/$deploy now", 9, 0, 28) // 24
 */
export function urlTokenEnd(
  text: string,
  separator: number,
  from: number,
  limit: number,
): number | undefined {
  let schemeStart = separator;
  while (schemeStart > from && isSchemeCode(text.charCodeAt(schemeStart - 1))) schemeStart--;
  while (schemeStart < separator && !isAsciiLetter(text.charCodeAt(schemeStart))) schemeStart++;
  if (schemeStart === separator) return undefined;
  let end = separator + SCHEME_SEPARATOR.length;
  while (end < limit && !isWhitespace(text.charCodeAt(end))) end++;
  return end;
}

/**
 * True when the character at `offset` lies in a URL token — the rule above, read back from `offset` to
 * the whitespace before it — so a `$` there starts no mention. Completion asks this so that it offers no
 * names where the scanner would see none. Reads only the whitespace-free run around `offset`.
 * @example isInUrl("https://x.io/api/$dep", 17) // true
 */
export function isInUrl(text: string, offset: number): boolean {
  if (offset < 0 || offset >= text.length) return false;
  let tokenStart = offset;
  while (tokenStart > 0 && !isWhitespace(text.charCodeAt(tokenStart - 1))) tokenStart--;
  let from = tokenStart;
  let separator = text.indexOf(SCHEME_SEPARATOR, from);
  while (separator !== -1 && separator < offset) {
    const end = urlTokenEnd(text, separator, from, text.length);
    if (end !== undefined) return offset < end;
    from = separator + SCHEME_SEPARATOR.length;
    separator = text.indexOf(SCHEME_SEPARATOR, from);
  }
  return false;
}
