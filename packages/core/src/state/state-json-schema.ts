/**
 * @module The JSON Schema of `state.json`, generated from the state schema; the committed copy is
 * `schemas/state.schema.json` at the repository root.
 */
import { JSON_SCHEMA_DIALECT, type JsonSchema } from "../model/schema/index.js";
import { stateFileSchema } from "./state-schema.js";

let cached: JsonSchema | undefined;

/** The JSON Schema for `state.json` files (user and project). Returns a fresh copy each call. */
export function stateJsonSchema(): JsonSchema {
  cached ??= {
    $schema: JSON_SCHEMA_DIALECT,
    ...stateFileSchema.toJsonSchema(),
    title: "skillset state",
    description:
      "Which skills are switched off or back on. Written by `skillset enable` / `skillset disable`; " +
      "the project file overrides the user file.",
  };
  return structuredClone(cached);
}
