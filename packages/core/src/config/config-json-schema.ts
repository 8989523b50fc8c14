/**
 * @module The JSON Schema of a config file (SPEC §6: every file has one), generated from the config schema
 * so the two never drift. The committed copy is `schemas/config.schema.json` at the repository root.
 */
import { type JsonSchema, schemaDocument } from "../model/schema/index.js";
import { configLayerSchema } from "./config-schema.js";

export type { JsonSchema } from "../model/schema/index.js";

/**
 * The JSON Schema for `config.json` files (user, project, `SKILLSET_CONFIG`): every key optional,
 * unknown keys rejected, `$schema` allowed. Returns a fresh copy each call.
 */
export const configJsonSchema: () => JsonSchema = schemaDocument(
  configLayerSchema,
  "skillset configuration",
  "A skillset config.json layer. Layers merge in order: defaults, user, project, SKILLSET_CONFIG, " +
    "environment variables, flags. Objects merge key by key; arrays replace earlier values.",
);
