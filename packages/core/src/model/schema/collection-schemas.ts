/**
 * @module Schemas for collections: a list of items, and an object used as a map from string keys to values.
 */
import { defineSchema, invalid, type ValueSchema } from "./value-schema.js";

/** A list whose items each match `item`. */
export function array<T>(item: ValueSchema<T>): ValueSchema<T[]> {
  // A list of plain strings reads better than "a list whose items are each a string".
  const expected =
    item.expected === "a string" ? "a list of strings" : `a list whose items are each ${item.expected}`;
  return defineSchema({
    expected,
    read(value, path, issues) {
      if (!Array.isArray(value)) return invalid(expected, value, path, issues);
      return value.map((entry, index) => item.read(entry, [...path, index], issues));
    },
    json: () => ({ type: "array", items: item.toJsonSchema() }),
  });
}

/** An object whose keys are free and whose values each match `value`, e.g. `{ "cursor": false }`. */
export function record<T>(value: ValueSchema<T>): ValueSchema<Record<string, T>> {
  const expected = `an object whose values are each ${value.expected}`;
  return defineSchema({
    expected,
    read(input, path, issues) {
      if (!isPlainObject(input)) return invalid(expected, input, path, issues);
      // fromEntries defines own properties, so a key such as `__proto__` stays data.
      return Object.fromEntries(
        Object.entries(input).map(([key, entry]) => [key, value.read(entry, [...path, key], issues)]),
      );
    },
    json: () => ({
      type: "object",
      propertyNames: { type: "string" },
      additionalProperties: value.toJsonSchema(),
    }),
  });
}

/** An object that is not a list (JSON's `{ … }`). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
