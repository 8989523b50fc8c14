/**
 * @module Schemas for objects with known keys: strict (an unknown key is an issue, as in config files)
 * or loose (unknown keys dropped, as in tool input from a model).
 */
import { isPlainObject } from "./collection-schemas.js";
import { type OptionalSchema, optional } from "./modifier-schemas.js";
import {
  defineSchema,
  type Infer,
  invalid,
  type SchemaIssue,
  type SchemaPath,
  type ValueSchema,
} from "./value-schema.js";

/** The keys of an object schema and the schema of each. */
export type ObjectShape = Record<string, ValueSchema<unknown>>;

type OptionalKeys<Shape extends ObjectShape> = {
  [K in keyof Shape]: Shape[K] extends { optional: true } ? K : never;
}[keyof Shape];

/** The value type of an object schema: keys whose schema is `optional()` may be left out. */
export type InferObject<Shape extends ObjectShape> = {
  [K in Exclude<keyof Shape, OptionalKeys<Shape>>]: Infer<Shape[K]>;
} & { [K in OptionalKeys<Shape>]?: Infer<Shape[K]> } extends infer Flat
  ? { [K in keyof Flat]: Flat[K] }
  : never;

/** An object schema, with its shape (spread it into `object({...})` to extend it). */
export type ObjectSchema<Shape extends ObjectShape> = ValueSchema<InferObject<Shape>> & {
  shape: Shape;
  unknownKeys: UnknownKeys;
};

/** What an object does with keys its shape does not name: report them, or drop them. */
export type UnknownKeys = "reject" | "drop";

/** An object with the keys of `shape`; by default an unknown key is an issue. */
export function object<Shape extends ObjectShape>(
  shape: Shape,
  options: { unknownKeys?: UnknownKeys } = {},
): ObjectSchema<Shape> {
  const { unknownKeys = "reject" } = options;
  const keys = Object.keys(shape);
  return defineSchema(
    {
      expected: "an object",
      read(value, path, issues) {
        if (!isPlainObject(value)) return invalid("an object", value, path, issues);
        const result = readKnownKeys(shape, value, path, issues);
        if (unknownKeys === "reject") {
          for (const key of Object.keys(value)) {
            if (!Object.hasOwn(shape, key)) issues.push({ kind: "unexpected-key", path, key, allowed: keys });
          }
        }
        return result as InferObject<Shape>;
      },
      json() {
        const required = keys.filter((key) => !shape[key]?.optional && shape[key]?.fallback === undefined);
        return {
          type: "object",
          properties: Object.fromEntries(keys.map((key) => [key, shape[key]?.toJsonSchema()])),
          ...(required.length > 0 ? { required } : {}),
          ...(unknownKeys === "reject" ? { additionalProperties: false } : {}),
        };
      },
    },
    { shape, unknownKeys },
  );
}

/** The same object with every key optional (a config layer sets only what it changes). */
export function partial<Shape extends ObjectShape>(
  schema: ObjectSchema<Shape>,
): ObjectSchema<{ [K in keyof Shape]: OptionalSchema<Infer<Shape[K]>> }> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, value]) => [key, value.optional ? value : optional(value)]),
  ) as { [K in keyof Shape]: OptionalSchema<Infer<Shape[K]>> };
  const result = object(shape, { unknownKeys: schema.unknownKeys });
  return schema.description === undefined ? result : result.describe(schema.description);
}

/** Reads the keys of `shape` from `value`: absent keys get their default, or are left out when optional. */
function readKnownKeys(
  shape: ObjectShape,
  value: Record<string, unknown>,
  path: SchemaPath,
  issues: SchemaIssue[],
): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const present = Object.hasOwn(value, key) ? value[key] : undefined;
    if (present !== undefined) entries.push([key, schema.read(present, [...path, key], issues)]);
    else if (schema.fallback !== undefined) entries.push([key, structuredClone(schema.fallback.value)]);
    else if (!schema.optional) invalid(schema.expected, undefined, [...path, key], issues);
  }
  return Object.fromEntries(entries);
}
