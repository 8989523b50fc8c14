/**
 * @module Says in words what a JSON Schema node accepts, for error messages such as
 * `'discovery.limits.maxDepth' in <file> must be a whole number ≥ 0 (got "deep")`.
 */
import type { JsonSchema } from "./config-json-schema.js";

/**
 * A short phrase for what `node` accepts: `a whole number ≥ 0`, `true or false`, `one of "xml", "markdown"`,
 * `a list of strings`, …
 */
export function describeExpectedValue(node: JsonSchema | undefined): string {
  if (node === undefined) return "a valid value";
  if (Array.isArray(node.enum)) return `one of ${node.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  if (node.const !== undefined) return JSON.stringify(node.const);
  switch (node.type) {
    case "integer":
      return `a whole number${describeRange(node)}`;
    case "number":
      return `a number${describeRange(node)}`;
    case "boolean":
      return "true or false";
    case "string":
      return typeof node.minLength === "number" && node.minLength > 0 ? "a non-empty string" : "a string";
    case "array":
      return describeList(node.items as JsonSchema | undefined);
    case "object":
      return isSchema(node.additionalProperties)
        ? `an object whose values are each ${describeExpectedValue(node.additionalProperties)}`
        : "an object";
    default:
      return "a valid value";
  }
}

function describeList(items: JsonSchema | undefined): string {
  if (items === undefined) return "a list";
  if (items.type === "string" && items.enum === undefined) return "a list of strings";
  return `a list whose items are each ${describeExpectedValue(items)}`;
}

function describeRange(node: JsonSchema): string {
  const min = typeof node.minimum === "number" ? node.minimum : undefined;
  // zod adds the safe-integer bound to every integer; it is not worth saying.
  const max =
    typeof node.maximum === "number" && node.maximum < Number.MAX_SAFE_INTEGER ? node.maximum : undefined;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return "";
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
