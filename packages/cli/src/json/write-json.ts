/**
 * @module Every JSON document the CLI prints starts with `"schemaVersion"`, so a consumer can tell which
 * shape (`schemas/cli-output.schema.json`) it is reading. Bump the version when a shape changes incompatibly.
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

/** `document` with `schemaVersion` first. */
export function versioned<T extends object>(document: T): { schemaVersion: number } & T {
  return { schemaVersion: SCHEMA_VERSION, ...document };
}

/**
 * Writes one JSON document (pretty, or one line with `line: true` as `watch` streams) to `output`. Pretty
 * output is the exact text of `JSON.stringify(document, null, 2)`, written in chunks: each top-level array
 * (`skills`, `reports`, …) is serialized one element at a time, so tens of thousands of skills never build
 * one string of tens of megabytes.
 */
export function writeJson(output: Output, document: object, options: { line?: boolean } = {}): void {
  const full = versioned(document);
  if (options.line) {
    output.write(`${JSON.stringify(full)}\n`);
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
    this.output.write(this.parts.join(""));
    this.parts = [];
    this.size = 0;
  }
}
