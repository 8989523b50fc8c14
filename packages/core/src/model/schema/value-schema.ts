/**
 * @module The shape every schema shares (config, state and tool inputs are built from these): a checker
 * that reports every problem with its path and what was expected there, a JSON Schema, a phrase for
 * messages, a static type (`Infer<typeof schema>`: the schema is the type), and the Standard Schema
 * face (`~standard`) other libraries accept.
 */
import { type StandardSchemaProps, standardProps } from "./standard-schema.js";

/** A JSON Schema node (draft 2020-12), as plain JSON data. */
export type JsonSchema = Record<string, unknown>;

/** The `$schema` of a whole JSON Schema document: the draft the generated schemas follow. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Where a value sits inside the checked value: object keys and list indexes. */
export type SchemaPath = readonly (string | number)[];

/** One problem found by `check`. */
export type SchemaIssue =
  /** The value at `path` is not what the schema accepts; `expected` says in words what is, e.g. `a whole number ≥ 0`. */
  | { kind: "invalid"; path: SchemaPath; expected: string; value: unknown }
  /** An object at `path` holds `key`, which a strict object does not allow; `allowed` lists the keys it does. */
  | { kind: "unexpected-key"; path: SchemaPath; key: string; allowed: readonly string[] };

/** What `check` returns: the value (with defaults filled in and unknown keys of loose objects dropped), or every issue. */
export type CheckResult<T> = { ok: true; value: T } | { ok: false; issues: SchemaIssue[] };

/** A schema for values of type `T`. Build one with `string()`, `object({...})`, … from this folder. */
export interface ValueSchema<T> {
  /** Phantom field carrying the type; never set. */
  readonly _type?: T;
  /** Set by `optional()`: an object may leave the key out. */
  readonly optional: boolean;
  /** Set by `withDefault()`: the value used when an object leaves the key out. */
  readonly fallback?: { value: T };
  readonly description?: string;
  /** In words, what the schema accepts: `a whole number ≥ 0`, `one of "xml", "markdown"`, … */
  readonly expected: string;
  /**
   * Checks `value` found at `path`, appending issues to `issues`; returns the value to keep. What it
   * returns when it appended an issue does not matter.
   */
  read(value: unknown, path: SchemaPath, issues: SchemaIssue[]): T;
  /** The JSON Schema of this node (`description` included). */
  toJsonSchema(): JsonSchema;
  /** Checks a whole value. Never throws. */
  check(value: unknown): CheckResult<T>;
  /** The same schema with a description (shown to editors and models). */
  describe(text: string): this;
  /** Standard Schema v1 with its JSON Schema extension: the AI SDK and the MCP SDK take the schema as it is. */
  readonly "~standard": StandardSchemaProps<T>;
}

/** The type of the values a schema accepts (after defaults). */
export type Infer<S> = S extends ValueSchema<infer T> ? T : never;

/** The parts a concrete schema supplies; `defineSchema` adds `check`, `describe` and the description in JSON. */
export interface SchemaParts<T> {
  expected: string;
  optional?: boolean;
  fallback?: { value: T };
  description?: string;
  read(value: unknown, path: SchemaPath, issues: SchemaIssue[]): T;
  /** JSON Schema keywords without the description. */
  json(): JsonSchema;
}

/** Builds a schema from its parts; `extra` holds what a kind adds (an object's `shape`), kept by `describe`. */
export function defineSchema<T, Extra extends object = object>(
  parts: SchemaParts<T>,
  extra?: Extra,
): ValueSchema<T> & Extra {
  const { description } = parts;
  const toJsonSchema = () => (description === undefined ? parts.json() : { ...parts.json(), description });
  const check = (value: unknown): CheckResult<T> => {
    const issues: SchemaIssue[] = [];
    const read = parts.read(value, [], issues);
    return issues.length === 0 ? { ok: true, value: read } : { ok: false, issues };
  };
  return {
    ...extra,
    optional: parts.optional ?? false,
    ...(parts.fallback === undefined ? {} : { fallback: parts.fallback }),
    ...(description === undefined ? {} : { description }),
    expected: parts.expected,
    read: parts.read,
    toJsonSchema,
    check,
    "~standard": standardProps(check, toJsonSchema),
    describe(text) {
      return defineSchema({ ...parts, description: text }, extra) as typeof this;
    },
  } as ValueSchema<T> & Extra;
}

/** Appends an `invalid` issue for `value` at `path` and returns `value` unchanged (for `read`). */
export function invalid<T>(expected: string, value: unknown, path: SchemaPath, issues: SchemaIssue[]): T {
  issues.push({ kind: "invalid", path, expected, value });
  return value as T;
}
