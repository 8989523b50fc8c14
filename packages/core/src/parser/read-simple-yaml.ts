/**
 * @module A fast reader for the plain YAML most frontmatter is written in, so that discovery of thousands
 * of skills does not pay for a full YAML parser on every file. It accepts a strict subset and gives up
 * (returns undefined) on anything else, and the caller then uses the `yaml` package: the result is the same
 * either way, which the tests check on the whole corpus and on generated documents.
 */
import { type CollectionTag, isScalar, type ScalarTag, Schema } from "yaml";

/** A frontmatter mapping read by {@link readSimpleYaml}. */
export interface SimpleYaml {
  mapping: Record<string, unknown>;
  /** 0-based line index (in the YAML text) of each top-level key. */
  keyLines: Record<string, number>;
  /** Source text of each top-level value as written. */
  sources: Record<string, string>;
}

/**
 * Reads YAML made only of: top-level `key: value` lines; values that are single-line plain, single-quoted
 * or double-quoted (without escapes) scalars, or one-line flow lists of such scalars; and `key:` followed
 * by an indented block of `- item` lines or of `sub: value` lines. Comments and blank lines anywhere.
 * Plain scalars are resolved with the `yaml` package's own YAML 1.2 core-schema tags (null, booleans,
 * numbers). Anything else (block scalars, multi-line values, deeper nesting, anchors, tags, tabs, escapes,
 * duplicate keys) returns undefined.
 */
export function readSimpleYaml(text: string): SimpleYaml | undefined {
  if (text.includes("\t") || text.includes("\r")) return undefined;
  const reader = new LineReader(text);
  const mapping: Record<string, unknown> = {};
  const keyLines: Record<string, number> = {};
  const sources: Record<string, string> = {};
  while (reader.nextContent()) {
    if (reader.indent !== 0) return undefined;
    const entry = readEntry(reader.line, 0);
    if (entry === undefined || Object.hasOwn(mapping, entry.key)) return undefined;
    keyLines[entry.key] = reader.index;
    if (entry.rest !== "") {
      const value = readInline(entry.rest);
      if (value === undefined) return undefined;
      mapping[entry.key] = value.value;
      sources[entry.key] = value.source;
      reader.advance();
      continue;
    }
    reader.advance();
    const block = readBlock(reader);
    if (block === FAILED) return undefined;
    mapping[entry.key] = block;
    sources[entry.key] = "";
  }
  return { mapping, keyLines, sources };
}

const FAILED = Symbol("failed");

/** `key:` followed by an indented list or mapping of scalars, or by nothing (null). */
function readBlock(reader: LineReader): unknown {
  if (!reader.nextContent()) return null;
  const indent = reader.indent;
  const isItem = (line: string, at: number) =>
    line.startsWith("- ", at) || (line.length === at + 1 && line[at] === "-");
  if (isItem(reader.line, indent)) {
    const items: unknown[] = [];
    while (reader.nextContent()) {
      if (reader.indent === 0 && !(indent === 0 && isItem(reader.line, 0))) break;
      if (reader.indent !== indent || !isItem(reader.line, indent)) return FAILED;
      const value = readInline(reader.line.slice(indent + 1).trim());
      if (value === undefined) return FAILED;
      items.push(value.value);
      reader.advance();
    }
    return items;
  }
  if (indent === 0) return null;
  const mapping: Record<string, unknown> = {};
  while (reader.nextContent()) {
    if (reader.indent === 0) break;
    if (reader.indent !== indent) return FAILED;
    const entry = readEntry(reader.line, indent);
    if (entry === undefined || entry.rest === "" || Object.hasOwn(mapping, entry.key)) return FAILED;
    const value = readInline(entry.rest);
    if (value === undefined) return FAILED;
    mapping[entry.key] = value.value;
    reader.advance();
  }
  return mapping;
}

/** Walks the lines, skipping blank and comment-only lines. */
class LineReader {
  /** 0-based index of the current line. */
  index = -1;
  line = "";
  indent = 0;
  private next = 0;
  private pending = false;

  constructor(private readonly text: string) {}

  /** Moves to the next line with content unless the current one has not been consumed. */
  nextContent(): boolean {
    if (this.pending) return true;
    while (this.next <= this.text.length) {
      const end = this.text.indexOf("\n", this.next);
      const stop = end === -1 ? this.text.length : end;
      this.line = this.text.slice(this.next, stop);
      this.index++;
      this.next = stop + 1;
      let indent = 0;
      while (this.line.charCodeAt(indent) === 0x20) indent++;
      if (indent === this.line.length || this.line.charCodeAt(indent) === 0x23) continue;
      this.indent = indent;
      this.pending = true;
      return true;
    }
    return false;
  }

  /** Marks the current line consumed. */
  advance(): void {
    this.pending = false;
  }
}

/** `key: rest` at `indent`; undefined when the line is not a simple key line. */
function readEntry(line: string, indent: number): { key: string; rest: string } | undefined {
  let i = indent;
  const first = line.charCodeAt(i);
  if (!isKeyStart(first)) return undefined;
  i++;
  while (i < line.length && isKeyPart(line.charCodeAt(i))) i++;
  if (line.charCodeAt(i) !== 0x3a) return undefined;
  const key = line.slice(indent, i);
  if (key === "__proto__" || key.length > 1024 || typeof resolvePlain(key) !== "string") return undefined;
  const after = line.charCodeAt(i + 1);
  if (i + 1 === line.length) return { key, rest: "" };
  if (after !== 0x20) return undefined;
  const rest = line.slice(i + 2).trim();
  return { key, rest: rest.startsWith("#") ? "" : rest };
}

function isKeyStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isKeyPart(c: number): boolean {
  return isKeyStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
}

/** A one-line value: quoted, flow list, or plain. `text` is trimmed. */
function readInline(text: string): { value: unknown; source: string } | undefined {
  const first = text[0];
  if (first === '"' || first === "'") {
    const quoted = readQuoted(text, 0);
    if (quoted === undefined || !isCommentOrEnd(text, quoted.end)) return undefined;
    return { value: quoted.value, source: text.slice(0, quoted.end) };
  }
  if (first === "[") {
    const list = readFlowList(text);
    if (list === undefined || !isCommentOrEnd(text, list.end)) return undefined;
    return { value: list.value, source: text.slice(0, list.end) };
  }
  if (first === undefined || "-?:,]{}#&*!|>%@`".includes(first)) return undefined;
  let plain = text;
  const comment = plain.indexOf(" #");
  if (comment !== -1) plain = plain.slice(0, comment).trimEnd();
  if (plain.endsWith(":") || plain.includes(": ")) return undefined;
  return { value: resolvePlain(plain), source: plain };
}

/** A quoted scalar starting at `at`; escapes in double quotes are left to the full parser. */
function readQuoted(text: string, at: number): { value: string; end: number } | undefined {
  const quote = text[at]!;
  if (quote === '"') {
    const close = text.indexOf('"', at + 1);
    if (close === -1) return undefined;
    const value = text.slice(at + 1, close);
    return value.includes("\\") ? undefined : { value, end: close + 1 };
  }
  let value = "";
  let from = at + 1;
  for (;;) {
    const close = text.indexOf("'", from);
    if (close === -1) return undefined;
    value += text.slice(from, close);
    if (text[close + 1] !== "'") return { value, end: close + 1 };
    value += "'";
    from = close + 2;
  }
}

/** `[a, "b", 'c']` with scalar items only. */
function readFlowList(text: string): { value: unknown[]; end: number } | undefined {
  const items: unknown[] = [];
  let i = skipSpaces(text, 1);
  if (text[i] === "]") return { value: items, end: i + 1 };
  for (;;) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const quoted = readQuoted(text, i);
      if (quoted === undefined) return undefined;
      items.push(quoted.value);
      i = skipSpaces(text, quoted.end);
    } else {
      let end = i;
      while (end < text.length && text[end] !== "," && text[end] !== "]") end++;
      const plain = text.slice(i, end).trim();
      if (plain === "" || /[[\]{}#:"']/.test(plain) || "-?:,]{}#&*!|>%@`".includes(plain[0]!))
        return undefined;
      items.push(resolvePlain(plain));
      i = end;
    }
    if (text[i] === "]") return { value: items, end: i + 1 };
    if (text[i] !== ",") return undefined;
    i = skipSpaces(text, i + 1);
    if (text[i] === "]" || text[i] === ",") return undefined;
  }
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 0x20) i++;
  return i;
}

/** Only spaces, or spaces and a comment, after `at`. */
function isCommentOrEnd(text: string, at: number): boolean {
  const i = skipSpaces(text, at);
  return i === text.length || (i > at && text[i] === "#");
}

let coreTags: ScalarTag[] | undefined;

/** Resolves a plain scalar exactly as the `yaml` package does with its core schema. */
function resolvePlain(text: string): unknown {
  if (coreTags === undefined) {
    const tags = new Schema({ schema: "core" }).tags as Array<ScalarTag | CollectionTag>;
    coreTags = tags.filter(
      (tag): tag is ScalarTag =>
        tag.default === true && !("collection" in tag && tag.collection) && tag.test !== undefined,
    );
  }
  const first = text.charCodeAt(0);
  // Only null/bool/number spellings can resolve to non-strings; skip the regexes for everything else.
  if (
    !(
      first === 0x7e ||
      first === 0x2b ||
      first === 0x2d ||
      first === 0x2e ||
      (first >= 0x30 && first <= 0x39) ||
      "nNtTfF".includes(text[0] ?? "")
    )
  ) {
    return text;
  }
  for (const tag of coreTags) {
    if (tag.test?.test(text)) {
      // Some tags return a Scalar node (to keep the spelling for stringify); the value is inside.
      const resolved: unknown = tag.resolve(text, () => {}, { intAsBigInt: false } as never);
      return isScalar(resolved) ? resolved.value : resolved;
    }
  }
  return text;
}
