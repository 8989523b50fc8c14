import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { configLayerSchema, configSchema } from "../../config/config-schema.js";
import { stateFileSchema } from "../../state/state-schema.js";
import { skillArgsSchema } from "../../tools/skill-input-schemas.js";
import type { JsonSchema, SchemaIssue, ValueSchema } from "./index.js";

// The real schemas of config, state and tool input (imported from later stages: a test may): the checker
// must never throw on any value, and must accept every value its own JSON Schema describes. Values are
// generated from `toJsonSchema()`, so the JSON Schema and the checker are held to the same answer.
const schemas: Record<string, ValueSchema<unknown>> = {
  configLayer: configLayerSchema,
  config: configSchema,
  stateFile: stateFileSchema,
  skillArgs: skillArgsSchema,
};

/** Any JSON-like value, plus what code (flags, a host) might pass. */
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc.constantFrom(undefined, null, Number.NaN, Infinity, [], {}, Object.create(null)),
);

/**
 * Values that fit a JSON Schema node of the kinds the builder writes; with `wild`, any part may be
 * replaced by any value (nearly valid input, the kind that reaches deep into the checker).
 */
function valuesOf(node: JsonSchema, wild = false): fc.Arbitrary<unknown> {
  const fitting = fittingValuesOf(node, wild);
  return wild ? fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: anyValue, weight: 1 }) : fitting;
}

function fittingValuesOf(node: JsonSchema, wild: boolean): fc.Arbitrary<unknown> {
  const child = (schema: unknown) => valuesOf(schema as JsonSchema, wild);
  if (Array.isArray(node.anyOf)) return fc.oneof(...node.anyOf.map(child));
  if (node.const !== undefined) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
  switch (node.type) {
    case "string":
      return fc.string({ minLength: (node.minLength as number | undefined) ?? 0 });
    case "integer":
      return fc.integer({
        min: Math.max(node.minimum as number, -1e9),
        max: Math.min(node.maximum as number, 1e9),
      });
    case "number":
      return fc.double({
        min: (node.minimum as number | undefined) ?? -1e9,
        max: (node.maximum as number | undefined) ?? 1e9,
        noNaN: true,
      });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(child(node.items), { maxLength: 3 });
    case "object":
      return objectsOf(node);
    default:
      throw new Error(`no generator for ${JSON.stringify(node)}`);
  }
}

function objectsOf(node: JsonSchema): fc.Arbitrary<unknown> {
  if (node.properties === undefined) {
    return fc.dictionary(fc.string(), valuesOf(node.additionalProperties as JsonSchema), { maxKeys: 3 });
  }
  const properties = Object.fromEntries(
    Object.entries(node.properties as Record<string, JsonSchema>).map(([key, child]) => [
      key,
      valuesOf(child),
    ]),
  );
  return fc.record(properties, { requiredKeys: (node.required as string[] | undefined) ?? [] });
}

function isPath(path: readonly unknown[]): boolean {
  return path.every(
    (part) => typeof part === "string" || (typeof part === "number" && Number.isInteger(part)),
  );
}

describe.each(Object.entries(schemas))("the %s schema", (_name, schema) => {
  it("never throws, and explains every refusal with a path and what was expected", () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, valuesOf(schema.toJsonSchema(), true)), (value) => {
        const checked = schema.check(value);
        if (checked.ok) return;
        expect(checked.issues.length).toBeGreaterThan(0);
        for (const issue of checked.issues as SchemaIssue[]) {
          expect(isPath(issue.path)).toBe(true);
          if (issue.kind === "invalid") expect(issue.expected).toMatch(/^(a|an|one|true|\d|")/);
          else expect(issue.allowed).not.toContain(issue.key);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("accepts every value its JSON Schema describes, and returns it unchanged", () => {
    fc.assert(
      fc.property(valuesOf(schema.toJsonSchema()), (value) => {
        const checked = schema.check(value);
        expect(checked.ok, JSON.stringify(checked)).toBe(true);
        // Defaults fill in what the state file leaves out; nothing else changes a valid value.
        const filled =
          schema === stateFileSchema
            ? { version: 1, disabled: [], enabled: [], ...(value as object) }
            : value;
        if (checked.ok) expect(checked.value).toEqual(filled);
      }),
      { numRuns: 300 },
    );
  });
});
