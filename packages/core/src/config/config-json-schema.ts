/**
 * @module The JSON Schema of a config file (SPEC §6: every file has one), generated from the zod schema
 * so the two never drift. The committed copy is `schemas/config.schema.json` at the repository root.
 */
import { z } from "zod";
import { configLayerSchema } from "./config-schema.js";

/** A JSON Schema document (draft 2020-12), as plain JSON data. */
export type JsonSchema = Record<string, unknown>;

let cached: JsonSchema | undefined;

/**
 * The JSON Schema for `config.json` files (user, project, `SKILLSET_CONFIG`): every key optional,
 * unknown keys rejected, `$schema` allowed. Returns a fresh copy each call.
 */
export function configJsonSchema(): JsonSchema {
  cached ??= {
    ...z.toJSONSchema(configLayerSchema, { io: "input", target: "draft-2020-12" }),
    title: "skillset configuration",
    description:
      "A skillset config.json layer. Layers merge in order: defaults, user, project, SKILLSET_CONFIG, " +
      "environment variables, flags. Objects merge key by key; arrays replace earlier values.",
  };
  return structuredClone(cached);
}
