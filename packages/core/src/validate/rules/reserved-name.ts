/**
 * @module Lint rule `reserved-name`: Anthropic reserves the words `anthropic` and `claude` in skill
 * names (its API refuses such skills), and a name that claims a vendor misleads people choosing skills.
 */
import { diagnostic } from "../../model/diagnostic.js";
import { keyPosition, type LintRule } from "../lint-rule.js";

/** Words a skill name may not contain. */
export const RESERVED_WORDS: readonly string[] = ["anthropic", "claude"];

export const reservedName: LintRule = {
  id: "reserved-name",
  severity: "error",
  summary: `The name does not contain a reserved word (${RESERVED_WORDS.join(", ")}).`,
  fix: "Rename the skill (and its folder) without the reserved word.",
  check({ skill }) {
    const lower = skill.name.toLowerCase();
    const word = RESERVED_WORDS.find((reserved) => lower.includes(reserved));
    if (word === undefined) return [];
    return [
      diagnostic(
        reservedName.severity,
        reservedName.id,
        `Skill name '${skill.name}' contains the reserved word '${word}'. Rename the skill in SKILL.md (and its folder) without it.`,
        skill.path,
        { ...keyPosition(skill, "name"), field: "name" },
      ),
    ];
  },
};
