/**
 * @module The JSON Schema of `state.json`, generated from the state schema; the committed copy is
 * `schemas/state.schema.json` at the repository root.
 */
import { type JsonSchema, schemaDocument } from "../model/schema/index.js";
import { stateFileSchema } from "./state-schema.js";

/** The JSON Schema for `state.json` files (user and project). Returns a fresh copy each call. */
export const stateJsonSchema: () => JsonSchema = schemaDocument(
  stateFileSchema,
  "skillset state",
  "Which skills are switched off or back on. Written by `skillset enable` / `skillset disable`; " +
    "the project file overrides the user file.",
);
