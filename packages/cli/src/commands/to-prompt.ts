/**
 * @module `skillset to-prompt` — the `<available_skills>` XML for the given skill folders (SPEC §4, §7). The work is in `to-prompt.run.ts`.
 */
import type { Command } from "../command.js";

export const toPromptCommand: Command = {
  name: "to-prompt",
  summary: "Print the <available_skills> XML for the given skill folders",
  usage: "to-prompt <skill-dir|name…>",
  details:
    "Each argument is a skill folder (or its SKILL.md), or the name of a skill in effect here. The skills are read leniently, as at run time, and\n" +
    "printed in the order given, with every value XML-escaped — the Agent Skills client format, laid out\n" +
    "like the reference validator's to-prompt. No budget applies; see `skillset catalog` for that.\n" +
    "A folder that cannot be read is reported on stderr (one line each) and nothing is printed: exit 1.",
  options: {},
  positionals: { min: 1, max: 10_000 },
  load: () => import("./to-prompt.run.js"),
};
