/**
 * @module Every JSON document the CLI prints starts with `"schemaVersion"`, so a consumer can tell which
 * shape (`schemas/cli-output.schema.json`) it is reading. Bump the version when a shape changes incompatibly.
 */
import type { Output } from "../command.js";

/** The version of the CLI's JSON output shapes. */
export const SCHEMA_VERSION = 1;

/** Text is handed to `output` in pieces of about this size: one giant string costs a copy and GC. */
const CHUNK_CHARS = 1 << 16;

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
    const text = Array.isArray(value) ? undefined : pretty(value, 1);
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
  items.forEach((item, index) => {
    chunks.add(`${index === 0 ? "\n" : ",\n"}    ${pretty(item, 2) ?? "null"}`);
  });
  chunks.add("\n  ]");
}

/**
 * `JSON.stringify(value, null, 2)` as it prints at `depth` (1 or 2) inside the document, or `undefined` for
 * what JSON.stringify leaves out of an object. Wrapping the value in `depth` arrays lets JSON.stringify do
 * the indenting; the wrapper's own brackets are cut off again.
 */
function pretty(value: unknown, depth: 1 | 2): string | undefined {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  if (depth === 1) return JSON.stringify([value], null, 2).slice(4, -2); // "[\n  " … "\n]"
  return JSON.stringify([[value]], null, 2).slice(10, -6); // "[\n  [\n    " … "\n  ]\n]"
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
