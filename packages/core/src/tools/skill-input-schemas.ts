/**
 * @module Input fields shared by the tools that take a skill: its name, and arguments for it.
 */
import { z } from "zod";

/** What the model is told about a `name` / `skill` parameter. */
export const SKILL_NAME_DESCRIPTION = "The skill's name as the catalog or skill_search shows it";

/** A skill's name: an enum of `names` when given (a small catalog), else any string. */
export function skillNameSchema(names?: [string, ...string[]]) {
  return (names ? z.enum(names) : z.string()).describe(SKILL_NAME_DESCRIPTION);
}

/** Arguments for a skill: one string (split shell-style) or a list. */
export const skillArgsSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .describe("Arguments for the skill, as one string (quote words that belong together) or a list");
