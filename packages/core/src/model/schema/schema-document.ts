/**
 * @module A committed JSON Schema file (`schemas/*.schema.json`) made from a value schema: dialect, title and
 * description added, built once, handed out as a fresh copy each call.
 */
import type { JsonSchema, ValueSchema } from "./value-schema.js";
import { JSON_SCHEMA_DIALECT } from "./value-schema.js";

/**
 * A function returning the JSON Schema document for `schema`.
 * @example export const stateJsonSchema = schemaDocument(stateFileSchema, "skillset state", "Which skills …");
 */
export function schemaDocument(
  schema: Pick<ValueSchema<unknown>, "toJsonSchema">,
  title: string,
  description: string,
): () => JsonSchema {
  let cached: JsonSchema | undefined;
  return () => {
    cached ??= { $schema: JSON_SCHEMA_DIALECT, ...schema.toJsonSchema(), title, description };
    return structuredClone(cached);
  };
}
