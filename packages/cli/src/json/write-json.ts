/**
 * @module Every JSON document the CLI prints starts with `"schemaVersion"`, so a consumer can tell which
 * shape (`schemas/cli-output.schema.json`) it is reading. Bump the version when a shape changes incompatibly.
 */
import type { Output } from "../command.js";

/** The version of the CLI's JSON output shapes. */
export const SCHEMA_VERSION = 1;

/** `document` with `schemaVersion` first. */
export function versioned<T extends object>(document: T): { schemaVersion: number } & T {
  return { schemaVersion: SCHEMA_VERSION, ...document };
}

/** Writes one JSON document (pretty, or one line with `line: true` as `watch` streams) to `output`. */
export function writeJson(output: Output, document: object, options: { line?: boolean } = {}): void {
  output.write(`${JSON.stringify(versioned(document), null, options.line ? undefined : 2)}\n`);
}
