/**
 * @module A fast reader for the YAML that frontmatter is written in, so that discovery of thousands of
 * skills does not pay for a full YAML parser on every file. It reads a conservative subset of YAML 1.2
 * and gives up (returns undefined) on anything outside it; the caller then uses the `yaml` package. Where
 * it answers, the answer equals the `yaml` package's, which the tests check on the whole corpus and on
 * generated documents.
 */

/** A frontmatter mapping read by {@link readSimpleYaml}. */
export interface SimpleYaml {
  mapping: Record<string, unknown>;
  /** Line of each top-level key: its 0-based index in the YAML text, plus `firstLine`. */
  keyLines: Record<string, number>;
  /** Source text of a top-level value as written (the whole lines for multi-line values). */
  valueSource(key: string): string | undefined;
}

/**
 * Reads YAML made of block mappings and sequences (any depth, including `- key: value` items) whose
 * scalars are plain, single-quoted or double-quoted without escapes (over one or several lines), literal
 * or folded block scalars (`|`, `|-`, `>`, `>-`), and one-line flow collections (`[a, b]`, `{"k": "v"}`),
 * with comments and blank lines anywhere. Plain scalars are resolved as the `yaml` package's core
 * schema does (null, booleans, numbers; `resolvePlain`, without loading it). Returns undefined for anything else (anchors, aliases, tags,
 * tabs, escapes, explicit indentation, duplicate keys, invalid YAML…). Linear in the input.
 */
export function readSimpleYaml(text: string, firstLine = 0): SimpleYaml | undefined {
  const read = readSimpleYamlOrInvalid(text, firstLine);
  return read === "invalid" ? undefined : read;
}

/**
 * {@link readSimpleYaml}, or `"invalid"` when it gave up on a shape that YAML never allows (and the `yaml`
 * package rejects with an error other than a duplicate key): `key: text: more`, `key: "text" more`,
 * `key: [a] more`, or a plain scalar starting with `@` or a backtick. The lenient parser then goes straight
 * to its repair instead of a full parse that can only fail.
 */
export function readSimpleYamlOrInvalid(text: string, firstLine = 0): SimpleYaml | "invalid" | undefined {
  if (text.includes("\t") || text.includes("\r")) return undefined;
  try {
    return new SubsetReader(text.split("\n")).document(firstLine);
  } catch (error) {
    if (error === OUTSIDE_SUBSET) return undefined;
    if (error === INVALID_YAML) return "invalid";
    throw error;
  }
}

/** Thrown (without a stack, so it is cheap) to abandon the fast path. */
const OUTSIDE_SUBSET = { outsideSubset: true };
/** Thrown to abandon the fast path on text that is certainly not valid YAML. */
const INVALID_YAML = { invalidYaml: true };

function outside(): never {
  throw OUTSIDE_SUBSET;
}

function invalid(): never {
  throw INVALID_YAML;
}

/** Indicators reserved by YAML: no plain scalar may start with them. */
const RESERVED = "@`";

/** Whether spaces and then a letter, digit or `[` follow `at`: more text after a complete value. */
function moreTextAfter(line: string, at: number): boolean {
  const i = skipSpaces(line, at);
  return i > at && /[A-Za-z0-9[]/.test(line[i] ?? "");
}

/** Characters a plain scalar may not start with (conservatively: `-`, `?` and `:` included). */
const INDICATORS = "-?:,[]{}#&*!|>'\"%@`";

const MAX_FLOW_DEPTH = 16;

class SubsetReader {
  /** Index of the next unread line. */
  private at = 0;

  constructor(private readonly lines: string[]) {}

  document(firstLine: number): SimpleYaml {
    const first = this.nextContent(0);
    if (first < this.lines.length && indentOf(this.lines[first]!) !== 0) outside();
    // Top-level keys in order, and for each its line, value start and end line (for `valueSource`).
    const keys: string[] = [];
    const spans: number[] = [];
    const mapping = this.mapping(0, undefined, keys, spans);
    if (this.nextContent(this.at) < this.lines.length) outside();
    const keyLines: Record<string, number> = Object.create(null); // a `__proto__:` key is a line like any other
    for (let k = 0; k < keys.length; k++) keyLines[keys[k]!] = firstLine + spans[3 * k]!;
    const valueSource = (key: string) => {
      const k = keys.indexOf(key);
      return k === -1 ? undefined : this.source(spans[3 * k]!, spans[3 * k + 1]!, spans[3 * k + 2]!);
    };
    return { mapping, keyLines, valueSource };
  }

  /**
   * A block mapping whose keys sit at column `indent`. With `startColumn`, its first key is on the current
   * line at that column (after a `- `). With `keys` and `spans`, records each key, and its line, value
   * start and end line.
   */
  private mapping(
    indent: number,
    startColumn?: number,
    keys?: string[],
    spans?: number[],
  ): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    let firstEntry = startColumn !== undefined;
    for (;;) {
      let index: number;
      if (firstEntry) {
        index = this.at;
        firstEntry = false;
      } else {
        index = this.nextContent(this.at);
        if (index >= this.lines.length) break;
        const own = indentOf(this.lines[index]!);
        if (own < indent) break;
        if (own > indent) outside();
      }
      const line = this.lines[index]!;
      const entry = readKey(line, startColumn ?? indent);
      startColumn = undefined;
      if (entry === undefined || Object.hasOwn(result, entry.key)) outside();
      this.at = index + 1;
      const value =
        entry.valueStart === -1
          ? this.nested(indent, true)
          : this.value(index, entry.valueStart, indent, true);
      result[entry.key] = value;
      if (keys !== undefined && spans !== undefined) {
        keys.push(entry.key);
        spans.push(index, entry.valueStart, this.at);
      }
    }
    return result;
  }

  /** A block sequence whose dashes sit at column `indent`. */
  private sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (;;) {
      const index = this.nextContent(this.at);
      if (index >= this.lines.length) break;
      const line = this.lines[index]!;
      const own = indentOf(line);
      if (own !== indent || !isDash(line, own)) break;
      this.at = index + 1;
      const start = skipSpaces(line, indent + 1);
      if (start === line.length || line[start] === "#") {
        items.push(this.nested(indent, false));
      } else if (isDash(line, start)) {
        outside();
      } else if (readKey(line, start) !== undefined) {
        this.at = index;
        items.push(this.mapping(start, start));
      } else {
        items.push(this.value(index, start, indent));
      }
    }
    return items;
  }

  /** The value of `key:` or `-` with nothing after it: a deeper block, a scalar on the next lines, or null. */
  private nested(ownerIndent: number, ownerIsKey: boolean): unknown {
    const index = this.nextContent(this.at);
    if (index >= this.lines.length) return null;
    const line = this.lines[index]!;
    const own = indentOf(line);
    if (own > ownerIndent) {
      if (isDash(line, own)) {
        this.at = index;
        return this.sequence(own);
      }
      if (readKey(line, own) !== undefined) {
        this.at = index;
        return this.mapping(own);
      }
      return this.value(index, own, ownerIndent);
    }
    // YAML lets a mapping's list sit at the key's own indentation.
    if (own === ownerIndent && ownerIsKey && isDash(line, own)) {
      this.at = index;
      return this.sequence(own);
    }
    return null;
  }

  /**
   * A value starting at `start` on line `index`; continuation lines must be indented past `ownerIndent`.
   * `keyLine`: the value follows its `key:` on the same line (where `a: b` or trailing text is an error).
   */
  private value(index: number, start: number, ownerIndent: number, keyLine = false): unknown {
    const line = this.lines[index]!;
    const first = line[start]!;
    if (first === '"' || first === "'") return this.quoted(index, start, ownerIndent, keyLine);
    if (first === "[" || first === "{") return this.flow(index, start, ownerIndent, keyLine);
    if (first === "|" || first === ">") return this.blockScalar(index, start, ownerIndent);
    if (RESERVED.includes(first)) invalid();
    if (INDICATORS.includes(first)) outside();
    return this.plain(index, start, ownerIndent, keyLine);
  }

  /**
   * A flow collection, on one line or over several (JSON written across lines). Line breaks may only sit
   * between tokens; continuation lines must be indented past `ownerIndent`.
   */
  private flow(index: number, start: number, ownerIndent: number, keyLine: boolean): unknown {
    const last = flowLastLine(this.lines, index, start);
    let text = this.lines[index]!.slice(start);
    for (let k = index + 1; k <= last; k++) {
      const next = this.lines[k]!;
      const own = indentOf(next);
      if (own === next.length || own <= ownerIndent) outside();
      text += `\n${next}`;
    }
    const flow = readFlow(text, 0, 0);
    if (keyLine && last === index && moreTextAfter(text, flow.end)) invalid();
    if (!isCommentOrEnd(text, flow.end) || text.includes("\n", flow.end)) outside();
    this.at = last + 1;
    return flow.value;
  }

  /** A plain scalar, possibly continued on more-indented lines (folded with spaces and newlines). */
  private plain(index: number, start: number, ownerIndent: number, keyLine: boolean): unknown {
    const line = this.lines[index]!;
    const comment = line.indexOf(" #", start);
    const head = trimSpacesEnd(comment === -1 ? line.slice(start) : line.slice(start, comment));
    if (keyLine && head.includes(": ")) invalid();
    if (!isPlainText(head)) outside();
    let folded = head;
    let blanks = 0;
    let last = index;
    for (let k = index + 1; k < this.lines.length; k++) {
      const next = this.lines[k]!;
      const own = indentOf(next);
      if (own === next.length) {
        blanks++;
        continue;
      }
      if (own <= ownerIndent) break;
      // A comment ends a plain scalar; more-indented lines after it would be an error. Leave both to yaml.
      if (comment !== -1) outside();
      const content = trimSpacesEnd(next.slice(own));
      // Only a scalar's first character may not be an indicator: a continuation line starts with any but `#`.
      if (content[0] === "#" || !isPlainText(content) || content.includes(" #")) outside();
      folded += blanks === 0 ? ` ${content}` : "\n".repeat(blanks) + content;
      blanks = 0;
      last = k;
    }
    this.at = last + 1;
    return resolvePlain(folded);
  }

  /** A quoted scalar, possibly over several lines (folded as YAML folds flow scalars). */
  private quoted(index: number, start: number, ownerIndent: number, keyLine: boolean): string {
    const quote = this.lines[index]![start]!;
    let folded = "";
    let blanks = 0;
    let from = start + 1;
    for (let k = index; k < this.lines.length; k++) {
      const line = this.lines[k]!;
      if (k > index) {
        const own = indentOf(line);
        if (own === line.length) {
          blanks++;
          continue;
        }
        if (own <= ownerIndent) outside();
        from = own;
      }
      const scanned = quote === "'" ? readSingleQuoted(line, from) : readDoubleQuoted(line, from);
      const close = scanned.close;
      // Escapes next to folded line breaks have subtle rules; several lines with escapes go to yaml.
      if (scanned.escaped && (k > index || close === -1)) outside();
      let piece = scanned.value;
      if (k > index) piece = piece.slice(skipSpaces(piece, 0));
      if (close === -1) piece = trimSpacesEnd(piece);
      if (k > index) folded += blanks === 0 ? " " : "\n".repeat(blanks);
      folded += piece;
      blanks = 0;
      if (close !== -1) {
        if (keyLine && k === index && moreTextAfter(line, close + 1)) invalid();
        if (!isCommentOrEnd(line, close + 1)) outside();
        this.at = k + 1;
        return folded;
      }
    }
    return outside();
  }

  /** `|`, `|-`, `>` or `>-` and the more-indented lines after it. */
  private blockScalar(index: number, start: number, ownerIndent: number): string {
    const line = this.lines[index]!;
    const literal = line[start] === "|";
    let headerEnd = start + 1;
    const strip = line[headerEnd] === "-";
    if (strip) headerEnd++;
    if (!isCommentOrEnd(line, headerEnd)) outside();
    const body: string[] = [];
    let contentIndent = -1;
    let last = index;
    for (let k = index + 1; k < this.lines.length; k++) {
      const next = this.lines[k]!;
      const own = indentOf(next);
      if (own === next.length) {
        // Blank lines: before the first content line, or wider than the content, are left to yaml.
        if (contentIndent === -1 || own > contentIndent) outside();
        body.push("");
        continue;
      }
      if (own <= ownerIndent) break;
      if (contentIndent === -1) contentIndent = own;
      else if (own < contentIndent) outside();
      const content = next.slice(contentIndent);
      if (!literal && content.charCodeAt(0) === 0x20) outside();
      body.push(content);
      last = k;
    }
    this.at = last + 1;
    while (body.length > 0 && body[body.length - 1] === "") body.pop();
    if (body.length === 0) return "";
    let text: string;
    if (literal) {
      text = body.join("\n");
    } else {
      text = body[0]!;
      let blanks = 0;
      for (let k = 1; k < body.length; k++) {
        const piece = body[k]!;
        if (piece === "") {
          blanks++;
          continue;
        }
        text += blanks === 0 ? ` ${piece}` : "\n".repeat(blanks) + piece;
        blanks = 0;
      }
    }
    return strip ? text : `${text}\n`;
  }

  /** Index of the next line at or after `from` that is not blank or a comment. */
  private nextContent(from: number): number {
    let k = from;
    while (k < this.lines.length) {
      const line = this.lines[k]!;
      const own = indentOf(line);
      if (own < line.length && line.charCodeAt(own) !== 0x23) return k;
      k++;
    }
    return k;
  }

  private source(line: number, from: number, to: number): string {
    if (from === -1) return this.lines.slice(line + 1, to).join("\n");
    if (to === line + 1) {
      const text = this.lines[line]!.slice(from);
      const comment = text.indexOf(" #");
      return trimSpacesEnd(comment === -1 ? text : text.slice(0, comment));
    }
    return [this.lines[line]!.slice(from), ...this.lines.slice(line + 1, to)].join("\n");
  }
}

/**
 * `key:` at `column`, with a simple key (letters, digits, `_`, `-`, `.`; not a null/bool/number word).
 * `valueStart` is where the value begins on the line, or -1 when nothing (but a comment) follows.
 */
function readKey(line: string, column: number): { key: string; valueStart: number } | undefined {
  let i = column;
  if (!isKeyStart(line.charCodeAt(i))) return undefined;
  i++;
  while (i < line.length && isKeyPart(line.charCodeAt(i))) i++;
  if (line.charCodeAt(i) !== 0x3a) return undefined;
  const key = line.slice(column, i);
  // A key starts with a letter or `_`, so only the null and boolean words would resolve to a non-string.
  if (key === "__proto__" || key.length > 1024 || NON_STRING_WORDS.has(key)) return undefined;
  if (i + 1 === line.length) return { key, valueStart: -1 };
  if (line.charCodeAt(i + 1) !== 0x20) return undefined;
  const start = skipSpaces(line, i + 1);
  return { key, valueStart: start === line.length || line[start] === "#" ? -1 : start };
}

function isKeyStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isKeyPart(c: number): boolean {
  return isKeyStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
}

function isDash(line: string, at: number): boolean {
  return line.charCodeAt(at) === 0x2d && (at + 1 === line.length || line.charCodeAt(at + 1) === 0x20);
}

/** Plain text in block context: no `: ` (a mapping) and no final `:`. */
function isPlainText(text: string): boolean {
  return text !== "" && !text.endsWith(":") && !text.includes(": ");
}

/** A one-line flow collection or scalar inside one, starting at `at`. */
function readFlow(line: string, at: number, depth: number): { value: unknown; end: number } {
  if (depth > MAX_FLOW_DEPTH) outside();
  const open = line[at];
  if (open === "[") {
    const items: unknown[] = [];
    let i = skipFlowSpace(line, at + 1);
    if (line[i] === "]") return { value: items, end: i + 1 };
    for (;;) {
      const item = readFlowNode(line, i, depth);
      items.push(item.value);
      i = skipFlowSpace(line, item.end);
      if (line[i] === "]") return { value: items, end: i + 1 };
      if (line[i] !== ",") outside();
      i = skipFlowSpace(line, i + 1);
      // A trailing comma is allowed: `[a, b,]`.
      if (line[i] === "]") return { value: items, end: i + 1 };
    }
  }
  const entries: Record<string, unknown> = {};
  let i = skipFlowSpace(line, at + 1);
  if (line[i] === "}") return { value: entries, end: i + 1 };
  for (;;) {
    const quotedKey = line[i] === '"' || line[i] === "'";
    const key = readFlowNode(line, i, depth);
    if (typeof key.value !== "string" || key.value === "__proto__" || Object.hasOwn(entries, key.value))
      outside();
    i = key.end;
    // `"key":value` (JSON style) needs no space after the colon; a plain key does.
    if (line[i] !== ":" || !(quotedKey || line[i + 1] === " ")) outside();
    const value = readFlowNode(line, skipFlowSpace(line, i + 1), depth);
    entries[key.value] = value.value;
    i = skipFlowSpace(line, value.end);
    if (line[i] === "}") return { value: entries, end: i + 1 };
    if (line[i] !== ",") outside();
    i = skipFlowSpace(line, i + 1);
    if (line[i] === "}") return { value: entries, end: i + 1 };
  }
}

/** One item of a flow collection: quoted, nested, or plain (no `:`, `#` or flow characters). */
function readFlowNode(line: string, at: number, depth: number): { value: unknown; end: number } {
  const first = line[at];
  if (first === "[" || first === "{") return readFlow(line, at, depth + 1);
  if (first === '"' || first === "'") {
    const scanned = first === "'" ? readSingleQuoted(line, at + 1) : readDoubleQuoted(line, at + 1);
    if (scanned.close === -1) outside();
    return { value: scanned.value, end: scanned.close + 1 };
  }
  let end = at;
  while (end < line.length && !",[]{}:#\n".includes(line[end]!)) end++;
  const plain = trimSpacesEnd(line.slice(at, end));
  if (plain !== "" && RESERVED.includes(plain[0]!)) invalid();
  if (plain === "" || INDICATORS.includes(plain[0]!)) outside();
  return { value: resolvePlain(plain), end };
}

/** A quoted piece read up to its closing quote (`close`) or the end of the line (`close` -1). */
interface QuotedPiece {
  value: string;
  close: number;
  escaped: boolean;
}

/** Single-quoted text from `from`: `''` is a quote; nothing else is special. Stops at a line break. */
function readSingleQuoted(text: string, from: number): QuotedPiece {
  let value = "";
  let i = from;
  const lineEnd = text.indexOf("\n", from);
  const stop = lineEnd === -1 ? text.length : lineEnd;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close === -1 || close >= stop)
      return { value: value + text.slice(i, stop), close: -1, escaped: false };
    value += text.slice(i, close);
    if (text[close + 1] !== "'") return { value, close, escaped: false };
    value += "'";
    i = close + 2;
  }
}

/** The one-character escapes of YAML double-quoted scalars. */
const ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
};

/**
 * Double-quoted text from `from` with YAML escapes decoded (`\"`, `\n`, `\u00e9`, …). Stops at a line
 * break; an escape at the end of a line, or an invalid one, is left to yaml.
 */
function readDoubleQuoted(text: string, from: number): QuotedPiece {
  // Most values have no escape: find the closing quote natively and take the text in one slice.
  const close = text.indexOf('"', from);
  if (close !== -1) {
    const piece = text.slice(from, close);
    if (!piece.includes("\\") && !piece.includes("\n")) return { value: piece, close, escaped: false };
  }
  let value = "";
  let escaped = false;
  let chunk = from;
  let i = from;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return { value: value + text.slice(chunk, i), close: i, escaped };
    if (c === "\n") break;
    if (c !== "\\") continue;
    value += text.slice(chunk, i);
    escaped = true;
    const next = text[i + 1];
    const simple = next === undefined ? undefined : ESCAPES[next];
    if (simple !== undefined) {
      value += simple;
      i++;
    } else if (next === "x" || next === "u" || next === "U") {
      const length = next === "x" ? 2 : next === "u" ? 4 : 8;
      const hex = text.slice(i + 2, i + 2 + length);
      if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) outside();
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) outside();
      value += String.fromCodePoint(code);
      i += 1 + length;
    } else {
      outside();
    }
    chunk = i + 1;
  }
  return { value: value + text.slice(chunk, i), close: -1, escaped };
}

/**
 * The line on which a flow collection opened at `start` on line `index` closes, counting brackets outside
 * quotes; falls back when a quote is left open at a line end or a comment appears.
 */
function flowLastLine(lines: readonly string[], index: number, start: number): number {
  let depth = 0;
  for (let k = index; k < lines.length; k++) {
    const line = lines[k]!;
    for (let i = k === index ? start : 0; i < line.length; i++) {
      const c = line[i];
      if (c === '"' || c === "'") {
        const scanned = c === "'" ? readSingleQuoted(line, i + 1) : readDoubleQuoted(line, i + 1);
        if (scanned.close === -1) outside();
        i = scanned.close;
      } else if (c === "[" || c === "{") {
        depth++;
      } else if (c === "]" || c === "}") {
        depth--;
        if (depth === 0) return k;
      } else if (c === "#" && (i === 0 || line[i - 1] === " ")) {
        outside();
      }
    }
  }
  return outside();
}

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 0x20) n++;
  return n;
}

/** Trims trailing spaces only: YAML trims no other character (String#trimEnd would eat U+FEFF, U+00A0…). */
function trimSpacesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x20) end--;
  return end === text.length ? text : text.slice(0, end);
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 0x20) i++;
  return i;
}

/** Spaces and line breaks between flow tokens. */
function skipFlowSpace(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x0a) i++;
  return i;
}

/** Only spaces, or spaces and a comment, after `at`. */
function isCommentOrEnd(text: string, at: number): boolean {
  const i = skipSpaces(text, at);
  return i === text.length || (i > at && text[i] === "#");
}

/**
 * The core schema's null and boolean words: the only plain scalars starting with a letter that do not
 * resolve to a string (the number forms start with a digit, a sign, `.`; null is also `~` and empty).
 */
const NON_STRING_WORDS: ReadonlyMap<string, null | boolean> = new Map([
  ["null", null],
  ["Null", null],
  ["NULL", null],
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["false", false],
  ["False", false],
  ["FALSE", false],
]);

/**
 * The `yaml` package's core schema (2.x, `schema/core/schema.js`) for scalars that may not be strings, in
 * its order: null, bool, int (octal, decimal, hex), float (.inf/.nan, exponent, plain), each with its own
 * test and resolve, so that `version: 1.0` or `- 0x1F` needs no module load. The tests compare it with
 * the package on generated scalars.
 */
const CORE_SCALARS: readonly { test: RegExp; resolve: (text: string) => unknown }[] = [
  { test: /^(?:~|[Nn]ull|NULL)?$/, resolve: () => null },
  { test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, resolve: (text) => text[0] === "t" || text[0] === "T" },
  { test: /^0o[0-7]+$/, resolve: (text) => Number.parseInt(text.substring(2), 8) },
  { test: /^[-+]?[0-9]+$/, resolve: (text) => Number.parseInt(text, 10) },
  { test: /^0x[0-9a-fA-F]+$/, resolve: (text) => Number.parseInt(text.substring(2), 16) },
  {
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: (text) =>
      text.slice(-3).toLowerCase() === "nan"
        ? Number.NaN
        : text[0] === "-"
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY,
  },
  { test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, resolve: Number.parseFloat },
  { test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, resolve: Number.parseFloat },
];

/** Resolves a plain scalar exactly as the `yaml` package does with its core schema. */
export function resolvePlain(text: string): unknown {
  const first = text.charCodeAt(0);
  if ((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a)) {
    // Most values are text starting with a letter: one lookup instead of the tag tests.
    const word = text.length <= 5 ? NON_STRING_WORDS.get(text) : undefined;
    return word === undefined ? text : word;
  }
  // Only null/number spellings can resolve to non-strings; skip the tag tests for everything else.
  const maybe =
    first === 0x7e ||
    first === 0x2b ||
    first === 0x2d ||
    first === 0x2e ||
    (first >= 0x30 && first <= 0x39) ||
    text === "";
  if (!maybe) return text;
  for (const scalar of CORE_SCALARS) if (scalar.test.test(text)) return scalar.resolve(text);
  return text;
}
