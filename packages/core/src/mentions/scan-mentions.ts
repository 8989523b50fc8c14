/**
 * @module The mention scanner (SPEC §8): one left-to-right pass over a message that finds `$name`,
 * `[$name](path)`, `/name args` and `skill://name/path`, skipping fenced code blocks (also unterminated
 * ones, which run to the end), inline code spans, URLs and shell variables. Pure, never throws, linear time.
 *
 * @example
 * scanMentions("$systematic-debugging fix the auth bug")
 * // → [{ kind: "dollar", id: "systematic-debugging", start: 0, end: 21, raw: "$systematic-debugging" }]
 */
import { findCodeSpans } from "./find-code-spans.js";
import type { DollarMention, LinkedMention, Mention, SlashMention, UriMention } from "./mention.js";
import { createNextIndex } from "./next-index.js";
import { forEachProseParagraph, isHorizontalSpace, skipHorizontalSpace } from "./prose-paragraphs.js";
import {
  codePointBefore,
  type DottedIdTest,
  isIdCodePoint,
  isWordCodePoint,
  readMentionId,
} from "./read-mention-id.js";
import { isShellVariable } from "./shell-variables.js";
import { SCHEME_SEPARATOR, urlTokenEnd } from "./url-token-end.js";

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;
const URI_PREFIX = "skill://";

type Next = (search: string, from: number) => number;

function isSpace(code: number): boolean {
  return isHorizontalSpace(code) || code === 0x0a || code === 0x0c || code === 0x0b;
}

/** Where the message starts: the index of its first character that is not whitespace. */
export function messageStart(text: string): number {
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  return start;
}

/** `/name args` or `/skill:name args` at the very start of the message (after leading whitespace). */
function readSlash(text: string, dotted: DottedIdTest | undefined): SlashMention | undefined {
  const start = messageStart(text);
  if (text.charCodeAt(start) !== 0x2f) return undefined;
  const explicit = text.startsWith("/skill:", start);
  const idStart = start + (explicit ? 7 : 1);
  const { end, scanned } = readMentionId(text, idStart, dotted);
  if (end === idStart) return undefined;
  // The command token ends at whitespace: `/usr/bin/env` or `/a.b` is not a command.
  if (scanned < text.length && !isSpace(text.charCodeAt(scanned))) return undefined;
  return {
    kind: "slash",
    id: text.slice(idStart, end),
    form: explicit ? "skill" : "name",
    args: text.slice(scanned).trim(),
    start,
    end: scanned,
    raw: text.slice(start, scanned),
  };
}

/** True when a `$` at `index` may start a mention: not after a letter, digit, `_`, `$` or `\`. */
export function canStartDollar(text: string, index: number): boolean {
  const before = codePointBefore(text, index);
  return !(isWordCodePoint(before) || before === DOLLAR || before === BACKSLASH);
}

/** `$id` at `start`, or undefined with the offset to continue from. */
function readDollar(
  text: string,
  start: number,
  dotted: DottedIdTest | undefined,
): { mention?: DollarMention; resume: number } {
  if (!canStartDollar(text, start)) return { resume: start + 1 };
  const { end, scanned } = readMentionId(text, start + 1, dotted);
  if (end === start + 1) return { resume: start + 1 };
  const id = text.slice(start + 1, end);
  if (isShellVariable(id)) return { resume: scanned };
  return { mention: { kind: "dollar", id, start, end, raw: text.slice(start, end) }, resume: scanned };
}

/**
 * `[$id](target)` at `start` (on one line, before `limit`). The target may hold spaces, or be written
 * `<target>`. An empty target yields a plain dollar mention covering the whole link.
 */
function readLink(
  text: string,
  start: number,
  limit: number,
  next: Next,
  dotted: DottedIdTest | undefined,
): DollarMention | LinkedMention | undefined {
  if (text.charCodeAt(start + 1) !== DOLLAR) return undefined;
  const idStart = start + 2;
  const { end: idEnd, scanned } = readMentionId(text, idStart, dotted);
  if (idEnd === idStart) return undefined;
  const close = skipHorizontalSpace(text, scanned, limit);
  if (text.charCodeAt(close) !== 0x5d || text.charCodeAt(close + 1) !== 0x28) return undefined;
  const lineEnd = Math.min(limit, next("\n", start));
  const open = skipHorizontalSpace(text, close + 2, lineEnd);
  let target: string;
  let end: number;
  if (text.charCodeAt(open) === 0x3c) {
    const angle = next(">", open + 1);
    if (angle >= lineEnd) return undefined;
    const paren = skipHorizontalSpace(text, angle + 1, lineEnd);
    if (text.charCodeAt(paren) !== 0x29) return undefined;
    target = text.slice(open + 1, angle).trim();
    end = paren + 1;
  } else {
    const paren = next(")", open);
    if (paren >= lineEnd) return undefined;
    target = text.slice(open, paren).trim();
    end = paren + 1;
  }
  const id = text.slice(idStart, idEnd);
  const raw = text.slice(start, end);
  if (target === "") return isShellVariable(id) ? undefined : { kind: "dollar", id, start, end, raw };
  return { kind: "linked", id, target, start, end, raw };
}

/** Characters that end a `skill://name/path` reference (besides whitespace). */
function endsUriPath(code: number): boolean {
  return (
    isSpace(code) ||
    code === 0x22 || // "
    code === 0x27 || // '
    code === 0x3c || // <
    code === 0x3e || // >
    code === 0x28 || // (
    code === 0x29 || // )
    code === 0x5b || // [
    code === 0x5d || // ]
    code === 0x7b || // {
    code === 0x7d || // }
    code === 0x7c || // |
    code === BACKTICK
  );
}

/** Sentence punctuation that may follow a reference without being part of it. */
function isTrailingPunctuation(code: number): boolean {
  return code === 0x2e || code === 0x2c || code === 0x3b || code === 0x3a || code === 0x21 || code === 0x3f;
}

/** Characters that may end a sentence after a `skill://name` without being part of the name. */
function isTrailingNameCode(code: number): boolean {
  return isTrailingPunctuation(code) || code === 0x2d;
}

/** True when `skill://` at `index` may start a reference: not right after a letter, digit or `_`. */
export function canStartUri(text: string, index: number): boolean {
  return !isWordCodePoint(codePointBefore(text, index));
}

/**
 * True for a character of a `skill://` URL's name as `skillUri` writes it, besides id characters: `%` (a
 * percent-encoded byte), `@` (an exact name, `name@scope`), `.` and `~`.
 */
function isUriNameCode(code: number): boolean {
  return code === 0x25 || code === 0x40 || code === 0x2e || code === 0x7e;
}

/**
 * `skill://name` or `skill://name/relative/path` at `start`, as written: what it means (the name
 * percent-decoded, an exact `name@scope…`, the path checked) is read by `parseSkillUri` when resolved.
 */
function readUri(text: string, start: number, limit: number): UriMention | undefined {
  if (!canStartUri(text, start)) return undefined;
  const idStart = start + URI_PREFIX.length;
  let scanned = idStart;
  for (;;) {
    const code = scanned < limit ? (text.codePointAt(scanned) ?? -1) : -1;
    if (code < 0 || !(isIdCodePoint(code) || isUriNameCode(code))) break;
    scanned += code > 0xffff ? 2 : 1;
  }
  // Sentence punctuation (`skill://pdf.`), or a trailing `-`, ends the name unless a path follows.
  let idEnd = scanned;
  if (text.charCodeAt(scanned) !== 0x2f || scanned >= limit) {
    while (idEnd > idStart && isTrailingNameCode(text.charCodeAt(idEnd - 1))) idEnd--;
  }
  if (idEnd === idStart) return undefined;
  const id = text.slice(idStart, idEnd);
  if (text.charCodeAt(scanned) !== 0x2f || scanned >= limit) {
    return { kind: "uri", id, start, end: idEnd, raw: text.slice(start, idEnd) };
  }
  const pathStart = scanned + 1;
  let pathEnd = pathStart;
  while (pathEnd < limit && !endsUriPath(text.charCodeAt(pathEnd))) pathEnd++;
  while (pathEnd > pathStart && isTrailingPunctuation(text.charCodeAt(pathEnd - 1))) pathEnd--;
  const mention: UriMention = { kind: "uri", id, start, end: pathEnd, raw: text.slice(start, pathEnd) };
  if (pathEnd > pathStart) mention.relativePath = text.slice(pathStart, pathEnd);
  return mention;
}

/** Scans `text[from, to)`, one paragraph, outside its inline code spans. */
function scanParagraph(
  text: string,
  from: number,
  to: number,
  next: Next,
  mentions: Mention[],
  dotted: DottedIdTest | undefined,
): void {
  const spans = findCodeSpans(text, from, to, next);
  let span = 0;
  let index = from;
  while (index < to) {
    const spanStart = span < spans.length ? (spans[span] ?? to) : to;
    const candidate = Math.min(
      next("$", index),
      next("[", index),
      next(URI_PREFIX, index),
      next(SCHEME_SEPARATOR, index),
      spanStart,
    );
    if (candidate >= to) return;
    if (candidate === spanStart) {
      index = spans[span + 1] ?? to;
      span += 2;
      continue;
    }
    const limit = Math.min(to, spanStart);
    const code = text.charCodeAt(candidate);
    if (text.startsWith(SCHEME_SEPARATOR, candidate)) {
      // A URL token (`https://x.io/api/$deploy?x=1`) holds no mentions.
      index = urlTokenEnd(text, candidate, index, limit) ?? candidate + SCHEME_SEPARATOR.length;
    } else if (code === DOLLAR) {
      const { mention, resume } = readDollar(text, candidate, dotted);
      if (mention) mentions.push(mention);
      index = resume;
    } else if (code === 0x5b) {
      const link = readLink(text, candidate, limit, next, dotted);
      if (link) mentions.push(link);
      index = link ? link.end : candidate + 1;
    } else {
      const uri = readUri(text, candidate, limit);
      if (uri) mentions.push(uri);
      index = uri ? uri.end : candidate + URI_PREFIX.length;
    }
  }
}

/** Options of `scanMentions`. */
export interface ScanMentionsOptions {
  /**
   * Whether an id holding a dot names something (a skill's name, or `ns:name` in a plugin's namespace):
   * then `$a.b:fmt`, `/gh.fix` and `[$a.b:fmt](path)` read the dotted id whole. Without it, or when it
   * says no, a dot ends the id (`$pdf.` and `$pdf.then` are `$pdf`). Asked only about ids with a dot,
   * longest last; `resolveMentions` answers from its registry snapshot.
   */
  dottedId?: DottedIdTest;
}

/**
 * Finds every mention in a message, in order of appearance. Never throws, for any string (lone
 * surrogates included), and runs in time linear in `text.length`.
 *
 * Rules (SPEC §8): `$` starts a mention only at the start of a token (not after a letter, digit, `_`,
 * `$` or `\`), followed by a letter; shell variables (`$PATH`, `$API_KEY`, `$home`) are skipped.
 * `[$name](path)` is a linked mention; with an empty target it counts as `$name`. `/name` and
 * `/skill:name` count only at the very start of the message, and their args are the rest of the
 * message. A URL token (`scheme://…` up to whitespace) holds no mentions. Fenced blocks (``` or ~~~, unterminated ones to the end) and inline code spans hold no mentions.
 * A dot is in an id only where `options.dottedId` accepts the dotted id.
 * @example scanMentions("try $pdf and `$not-this`").map((m) => m.id) // ["pdf"]
 */
export function scanMentions(text: string, options: ScanMentionsOptions = {}): Mention[] {
  const mentions: Mention[] = [];
  const dotted = options.dottedId;
  const slash = readSlash(text, dotted);
  if (slash) mentions.push(slash);
  const inlineFrom = slash ? slash.end : 0;
  const inlineNext = createNextIndex(text);
  forEachProseParagraph(text, (from, to) => {
    const start = Math.max(from, inlineFrom);
    if (start < to) scanParagraph(text, start, to, inlineNext, mentions, dotted);
    return true;
  });
  return mentions;
}
