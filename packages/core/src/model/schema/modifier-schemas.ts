/**
 * @module Schemas that wrap another: a key an object may leave out, a key with a default, and a value
 * that may take one of several forms.
 */
import { defineSchema, invalid, type SchemaIssue, type ValueSchema } from "./value-schema.js";

/** A schema whose value an object may leave out (`undefined` passes too). */
export type OptionalSchema<T> = ValueSchema<T | undefined> & { optional: true };

/** `inner`, or nothing: an object may leave the key out. */
export function optional<T>(inner: ValueSchema<T>): OptionalSchema<T> {
  return defineSchema({
    expected: inner.expected,
    optional: true,
    read: (value, path, issues) => (value === undefined ? undefined : inner.read(value, path, issues)),
    json: () => inner.toJsonSchema(),
  }) as OptionalSchema<T>;
}

/** `inner`, with `value` filled in when an object leaves the key out (a copy each time). */
export function withDefault<T>(inner: ValueSchema<T>, value: T): ValueSchema<T> {
  return defineSchema({
    expected: inner.expected,
    fallback: { value },
    read: (input, path, issues) =>
      input === undefined ? structuredClone(value) : inner.read(input, path, issues),
    json: () => ({ default: value, ...inner.toJsonSchema() }),
  });
}

/** A value matching one of `options`, tried in order (the first that fits wins). */
export function union<const Options extends readonly ValueSchema<unknown>[]>(
  options: Options,
): ValueSchema<Options[number] extends ValueSchema<infer T> ? T : never> {
  const expected = options.map((option) => option.expected).join(" or ");
  return defineSchema({
    expected,
    read(value, path, issues) {
      for (const option of options) {
        const scratch: SchemaIssue[] = [];
        const read = option.read(value, path, scratch);
        if (scratch.length === 0) return read as never;
      }
      return invalid(expected, value, path, issues);
    },
    json: () => ({ anyOf: options.map((option) => option.toJsonSchema()) }),
  });
}
