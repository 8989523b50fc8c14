/**
 * @module Every JSON document the CLI prints starts with `"schemaVersion"`, so a consumer can tell which
 * shape (`schemas/cli-output.schema.json`) it is reading. Bump the version when a shape changes incompatibly.
 * Text from skills is untrusted (SPEC §15): JSON output read on a terminal must not reorder or drive it, so
 * besides the C0 controls JSON.stringify escapes, DEL, C1 controls, bidi controls and U+2028/U+2029 are
 * written as `\uXXXX` too — the same JSON value, parsed.
 */
import type { Output } from "../command.js";

/** The version of the CLI's JSON output shapes. */
export const SCHEMA_VERSION = 1;

/** Text is handed to `output` in pieces of about this size: one giant string costs a copy and GC. */
const CHUNK_CHARS = 1 << 14;

/**
 * Array elements serialized by one `JSON.stringify` call. One call per element cost a quarter more time
 * for 16,000 skills; much larger batches make strings big enough to be allocated where they live long.
 */
const BATCH = 8;

/**
 * What JSON.stringify leaves raw but a terminal acts on: DEL, C1 controls (U+0080–U+009F, `CSI` among them),
 * the bidi marks, embeddings, overrides and isolates (`model/inert-text.ts` escapes the same for terminal
 * text), and the line and paragraph separators U+2028/U+2029.
 */
const RAW_CONTROL = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const RAW_CONTROLS = new RegExp(RAW_CONTROL.source, "g");

/**
 * JSON text with those characters as `\uXXXX` escapes; parses to the same value. They can only stand inside
 * strings (JSON.stringify writes nothing else outside ASCII), so replacing them keeps the JSON valid. Text
 * without them (nearly all) is returned as it is.
 * @example escapeJsonControls(JSON.stringify("a\u202eb")) // '"a\\u202eb"'
 */
export function escapeJsonControls(json: string): string {
  // All ASCII but DEL (one native byte count and one search, twice as fast as the test on 48 MB of
  // `list --json`): nothing to escape. Otherwise the test says.
  if (Buffer.byteLength(json) === json.length && !json.includes("\u007f")) return json;
  if (!RAW_CONTROL.test(json)) return json;
  return json.replace(
    RAW_CONTROLS,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `document` with `schemaVersion` first. */
export function versioned<T extends object>(document: T): { schemaVersion: number } & T {
  return { schemaVersion: SCHEMA_VERSION, ...document };
}

/**
 * Writes one JSON document (pretty, or one line with `line: true` as `watch` streams) to `output`. Pretty
 * output is the exact text of `JSON.stringify(document, null, 2)` (with `escapeJsonControls`), written in chunks: each top-level array
 * (`skills`, `reports`, …) is serialized one element at a time, so tens of thousands of skills never build
 * one string of tens of megabytes.
 */
export function writeJson(output: Output, document: object, options: { line?: boolean } = {}): void {
  const full = versioned(document);
  if (options.line) {
    output.write(`${escapeJsonControls(JSON.stringify(full))}\n`);
    return;
  }
  const chunks = new ChunkedWriter(output);
  let first = true;
  for (const [key, value] of Object.entries(full) as [string, unknown][]) {
    const text = Array.isArray(value) ? undefined : pretty(value);
    if (!Array.isArray(value) && text === undefined) continue; // skipped by JSON.stringify too
    chunks.add(`${first ? "{\n" : ",\n"}  ${JSON.stringify(key)}: `);
    first = false;
    if (Array.isArray(value)) writeArray(chunks, value);
    else if (text !== undefined) chunks.add(text);
  }
  chunks.add(first ? "{}\n" : "\n}\n");
  chunks.flush();
}

/** A top-level array at indent 2, as `JSON.stringify(…, null, 2)` prints it. */
function writeArray(chunks: ChunkedWriter, items: readonly unknown[]): void {
  if (items.length === 0) {
    chunks.add("[]");
    return;
  }
  chunks.add("[");
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.length <= BATCH ? items : items.slice(start, start + BATCH);
    chunks.add(`${start === 0 ? "\n" : ",\n"}    ${prettyElements(batch)}`);
  }
  chunks.add("\n  ]");
}

/**
 * `JSON.stringify(value, null, 2)` as it prints as a value of the document, or `undefined` for what
 * JSON.stringify leaves out of an object. Wrapping the value in an array lets JSON.stringify do the
 * indenting; the wrapper's own brackets are cut off again.
 */
function pretty(value: unknown): string | undefined {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  return JSON.stringify([value], null, 2).slice(4, -2); // "[\n  " … "\n]"
}

/** Elements of a top-level array as they print there: at indent 4, joined by ",\n    " (`null` for holes). */
function prettyElements(items: readonly unknown[]): string {
  return JSON.stringify([items], null, 2).slice(10, -6); // "[\n  [\n    " … "\n  ]\n]"
}

/** Collects text and writes it to `output` in pieces of about {@link CHUNK_CHARS}. */
class ChunkedWriter {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly output: Output) {}

  add(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_CHARS) this.flush();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    this.output.write(escapeJsonControls(this.parts.join("")));
    this.parts = [];
    this.size = 0;
  }
}
