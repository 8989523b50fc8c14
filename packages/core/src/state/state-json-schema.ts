/**
 * @module The JSON Schema of `state.json`, generated from the zod schema; the committed copy is
 * `schemas/state.schema.json` at the repository root.
 */
import { z } from "zod";
import type { JsonSchema } from "../config/config-json-schema.js";
import { stateFileSchema } from "./state-schema.js";

let cached: JsonSchema | undefined;

/** The JSON Schema for `state.json` files (user and project). Returns a fresh copy each call. */
export function stateJsonSchema(): JsonSchema {
  cached ??= {
    ...z.toJSONSchema(stateFileSchema, { io: "input", target: "draft-2020-12" }),
    title: "skillset state",
    description:
      "Which skills are switched off or back on. Written by `skillset enable` / `skillset disable`; " +
      "the project file overrides the user file.",
  };
  return structuredClone(cached);
}
