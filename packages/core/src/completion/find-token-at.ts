/**
 * @module The mention token under the cursor (SPEC §8 syntax, for a composer): `$partial`, `$ns:partial`,
 * `[$partial`, `/partial` or `/skill:partial` at the start of the message, and `skill://partial`. Uses the
 * mention scanner's rules: never in code or a URL, never a shell variable, a sigil only where it starts a token.
 */
import {
  canStartDollar,
  canStartUri,
  codePointBefore,
  hasEnvironmentShape,
  isIdCodePoint,
  isInCode,
  isInUrl,
  isLetter,
  messageStart,
} from "../mentions/index.js";

/** Which form the token under the cursor has. */
export type TokenForm = "dollar" | "linked" | "slash" | "uri";

/** The token under the cursor: what a completion replaces, and the text typed so far. */
export interface CursorToken {
  form: TokenForm;
  /** Start of the replacement range: the sigil (`$`, `[`, `/` or the `s` of `skill://`). */
  start: number;
  /** End of the replacement range (exclusive): the end of the id, past the cursor when it is mid-word. */
  end: number;
  /** The id typed before the cursor (what is matched), e.g. `sys` or `github:fix`; may be empty. */
  query: string;
  /** The text between the sigil and the id: `$`, `[$`, `/`, `/skill:` or `skill://`. */
  prefix: string;
}

/** Longest id looked at around the cursor: past this it is no name being typed (and a long line stays cheap). */
const MAX_ID_LENGTH = 256;
const URI_PREFIX = "skill://";

/** Start of the run of id characters that ends at `cursor`, or -1 when the run is too long. */
function idRunStart(text: string, cursor: number): number {
  let index = cursor;
  while (index > 0 && cursor - index <= MAX_ID_LENGTH) {
    const code = codePointBefore(text, index);
    if (!isIdCodePoint(code)) return index;
    index -= code > 0xffff ? 2 : 1;
  }
  return cursor - index <= MAX_ID_LENGTH ? index : -1;
}

/** End of the run of id characters that starts at `cursor`, or -1 when the run is too long. */
function idRunEnd(text: string, cursor: number): number {
  let index = cursor;
  while (index < text.length) {
    if (index - cursor > MAX_ID_LENGTH) return -1;
    const code = text.codePointAt(index) ?? -1;
    if (!isIdCodePoint(code)) break;
    index += code > 0xffff ? 2 : 1;
  }
  return index;
}

/** `](…)` right after a linked label, on the same line: replaced together with the label. */
function linkTail(text: string, from: number): number {
  if (!text.startsWith("](", from)) return from;
  for (let index = from + 2; index < text.length && index - from <= 4096; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x29) return index + 1;
    if (code === 0x0a) break;
  }
  return from;
}

/** The sigil before an id that starts at `idStart`, if it makes a mention token. */
function readSigil(
  text: string,
  idStart: number,
  id: string,
): Pick<CursorToken, "form" | "start" | "prefix"> | undefined {
  const before = text.charCodeAt(idStart - 1);
  if (before === 0x24 /* $ */) {
    const dollar = idStart - 1;
    if (text.charCodeAt(dollar - 1) === 0x5b /* [ */ && canStartDollar(text, dollar)) {
      return { form: "linked", start: dollar - 1, prefix: "[$" };
    }
    return canStartDollar(text, dollar) ? { form: "dollar", start: dollar, prefix: "$" } : undefined;
  }
  if (before === 0x2f /* / */ && text.startsWith(URI_PREFIX, idStart - URI_PREFIX.length)) {
    const start = idStart - URI_PREFIX.length;
    return canStartUri(text, start) ? { form: "uri", start, prefix: URI_PREFIX } : undefined;
  }
  if (before === 0x2f && messageStart(text) === idStart - 1) {
    return { form: "slash", start: idStart - 1, prefix: id.startsWith("skill:") ? "/skill:" : "/" };
  }
  return undefined;
}

/**
 * The mention token the cursor is in or right after, or undefined when there is none (plain text, code,
 * a shell variable such as `$PATH`, a cursor out of range). `cursor` is a UTF-16 offset in `[0, length]`.
 *
 * @example findTokenAt("ask $sys", 8) // → { form: "dollar", start: 4, end: 8, query: "sys", prefix: "$" }
 */
export function findTokenAt(text: string, cursor: number): CursorToken | undefined {
  if (!Number.isInteger(cursor) || cursor < 0 || cursor > text.length) return undefined;
  const idStart = idRunStart(text, cursor);
  const idEnd = idRunEnd(text, cursor);
  if (idStart < 1 || idEnd < 0) return undefined;
  const typed = text.slice(idStart, cursor);
  const sigil = readSigil(text, idStart, typed);
  if (!sigil) return undefined;
  const query = typed.slice(sigil.prefix === "/skill:" ? "skill:".length : 0);
  const first = query.codePointAt(0);
  if (first !== undefined && !isLetter(first)) return undefined;
  // `$P`, `$PATH`, `$API_KEY`: a shell variable being typed, not a skill.
  if (sigil.form !== "uri" && sigil.form !== "slash" && hasEnvironmentShape(query)) return undefined;
  if (isInCode(text, sigil.start)) return undefined;
  // `https://x.io/api/$dep`: the `$` belongs to the URL (the scanner's rule); `skill://` is a mention itself.
  if (sigil.form !== "uri" && sigil.form !== "slash" && isInUrl(text, sigil.start)) return undefined;
  const end = sigil.form === "linked" ? linkTail(text, idEnd) : idEnd;
  return { ...sigil, end, query };
}
