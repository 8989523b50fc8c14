/**
 * @module Property-test input: text of one-column characters (`terminal/one-column.ts`), drawn from every
 * range that module takes as one column, so the tests hold all of them to `string-width` and `wrap-ansi`.
 */
import fc from "fast-check";
import { ONE_COLUMN_RANGES } from "../terminal/one-column.js";

/** One character that `isOneColumnText` accepts. */
export const oneColumnCharacter = fc
  .oneof(...ONE_COLUMN_RANGES.map(([min, max]) => fc.integer({ min, max })))
  .map((code) => String.fromCharCode(code));

/** Text of such characters. */
export const oneColumnText = fc.string({ unit: oneColumnCharacter });
