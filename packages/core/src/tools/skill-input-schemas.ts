/**
 * @module Input fields shared by the tools that take a skill (its name, arguments for it), and the input
 * object every tool takes.
 */
import * as s from "../model/schema/index.js";

/** What the model is told about a `name` / `skill` parameter. */
export const SKILL_NAME_DESCRIPTION = "The skill's name as the catalog or skill_search shows it";

/** A skill's name: an enum of `names` when given (a small catalog), else any string. */
export function skillNameSchema(names?: [string, ...string[]]) {
  return (names ? s.oneOf(names) : s.string()).describe(SKILL_NAME_DESCRIPTION);
}

/** Arguments for a skill: one string (split shell-style) or a list. */
export const skillArgsSchema = s
  .optional(s.union([s.string(), s.array(s.string())]))
  .describe("Arguments for the skill, as one string (quote words that belong together) or a list");

/** A tool's input object: keys a model adds beyond the schema are dropped, not refused. */
export function toolInput<Shape extends s.ObjectShape>(shape: Shape): s.ObjectSchema<Shape> {
  return s.object(shape, { unknownKeys: "drop" });
}
