/**
 * @module Schemas for single values: strings, numbers, whole numbers, true/false, one of a few strings,
 * one exact value.
 */
import { defineSchema, invalid, type ValueSchema } from "./value-schema.js";

/** A string; `minLength: 1` makes it non-empty. */
export function string(options: { minLength?: number } = {}): ValueSchema<string> {
  const { minLength = 0 } = options;
  const expected = minLength > 0 ? "a non-empty string" : "a string";
  return defineSchema({
    expected,
    read: (value, path, issues) =>
      typeof value === "string" && value.length >= minLength ? value : invalid(expected, value, path, issues),
    json: () => (minLength > 0 ? { type: "string", minLength } : { type: "string" }),
  });
}

/** Bounds of a number, both inclusive. */
export interface NumberRange {
  min?: number;
  max?: number;
}

/** A finite number within `range`. */
export function number(range: NumberRange = {}): ValueSchema<number> {
  const expected = `a number${describeRange(range)}`;
  return defineSchema({
    expected,
    read: (value, path, issues) =>
      typeof value === "number" && Number.isFinite(value) && inRange(value, range)
        ? value
        : invalid(expected, value, path, issues),
    json: () => ({ type: "number", ...rangeKeywords(range) }),
  });
}

/**
 * A whole number (a safe integer) within `range`. The JSON Schema states the safe-integer bounds that
 * `range` leaves open, as the committed schemas always have; messages leave them unsaid.
 */
export function integer(range: NumberRange = {}): ValueSchema<number> {
  const expected = `a whole number${describeRange(range)}`;
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  return defineSchema({
    expected,
    read: (value, path, issues) =>
      Number.isSafeInteger(value) && inRange(value as number, range)
        ? (value as number)
        : invalid(expected, value, path, issues),
    json: () => ({ type: "integer", minimum: min, maximum: max }),
  });
}

/** `true` or `false`. */
export function boolean(): ValueSchema<boolean> {
  const expected = "true or false";
  return defineSchema({
    expected,
    read: (value, path, issues) =>
      typeof value === "boolean" ? value : invalid(expected, value, path, issues),
    json: () => ({ type: "boolean" }),
  });
}

/** One of a few strings, e.g. `oneOf(["xml", "markdown"])`. */
export function oneOf<const Values extends readonly [string, ...string[]]>(
  values: Values,
): ValueSchema<Values[number]> & { values: Values } {
  const expected = `one of ${values.map((value) => JSON.stringify(value)).join(", ")}`;
  return defineSchema(
    {
      expected,
      read: (value, path, issues) =>
        values.includes(value as string) ? (value as Values[number]) : invalid(expected, value, path, issues),
      json: () => ({ type: "string", enum: [...values] }),
    },
    { values },
  );
}

/** Exactly `expectedValue` (a number or a string). */
export function literal<const Value extends number | string>(expectedValue: Value): ValueSchema<Value> {
  const expected = JSON.stringify(expectedValue);
  return defineSchema({
    expected,
    read: (value, path, issues) =>
      value === expectedValue ? expectedValue : invalid(expected, value, path, issues),
    json: () => ({ type: typeof expectedValue, const: expectedValue }),
  });
}

function inRange(value: number, { min, max }: NumberRange): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

function describeRange({ min, max }: NumberRange): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return "";
}

function rangeKeywords({ min, max }: NumberRange): Record<string, number> {
  return { ...(min === undefined ? {} : { minimum: min }), ...(max === undefined ? {} : { maximum: max }) };
}
