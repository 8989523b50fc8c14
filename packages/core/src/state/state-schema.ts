/**
 * @module The state file (`state.json`, SPEC §6): which skills are switched off or back on. The schema is
 * the type; `schemas/state.schema.json` is generated from it.
 */
import * as s from "../model/schema/index.js";

const stateKeySchema = s
  .string({ minLength: 1 })
  .describe(
    "A skill name, a qualified name (namespace:name) or an absolute path of a SKILL.md or its folder",
  );

/** A remembered answer to a permission question (`ask`, SPEC §11): this skill, this tool, this answer. */
export const permissionAnswerSchema = s.object({
  skill: stateKeySchema,
  tool: s
    .oneOf(["skill_load", "use_skill", "*"])
    .describe("The tool the answer was given for; `*` for every path"),
  action: s.oneOf(["allow", "deny"]).describe("The remembered answer"),
});

/** A remembered permission answer. */
export type PermissionAnswer = s.Infer<typeof permissionAnswerSchema>;

/** The enable/disable settings of one layer. `version` defaults to 1 and the lists to empty, for hand-written files. */
export const stateSchema = s.object({
  version: s.withDefault(s.literal(1), 1).describe("Format version of this file"),
  disabled: s.withDefault(s.array(stateKeySchema), []).describe("Skills switched off"),
  enabled: s
    .withDefault(s.array(stateKeySchema), [])
    .describe("Skills switched back on, overriding a less specific key here or a lower layer"),
  answers: s
    .optional(s.array(permissionAnswerSchema))
    .describe("Remembered answers to permission questions (rules with action `ask`)"),
});

/** What a `state.json` file may contain: the settings, plus an optional `$schema` for editors. */
export const stateFileSchema = s.object({
  $schema: s.optional(s.string()).describe("JSON Schema of this file, for editors; ignored by skillset"),
  ...stateSchema.shape,
});

/** The enable/disable state of one layer (user or project). Keys: name, `namespace:name` or absolute path. */
export type SkillsetState = s.Infer<typeof stateSchema>;

export { emptyState, normalizeState, serializeState } from "./normalize-state.js";
