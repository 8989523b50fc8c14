/**
 * @module Lint rule `description-says-when`: the description is all a model sees before it picks a skill,
 * so it should say when to use the skill, not only what it does.
 */
import { diagnostic } from "../../model/diagnostic.js";
import { frontmatterText } from "../../parser/frontmatter-text.js";
import { keyPosition, type LintRule } from "../lint-rule.js";

/**
 * Phrases that tell a model when a skill applies: an explicit trigger ("Use when…", "when the user…",
 * "whenever", "if you…", "trigger", "before/after/during"), a request ("asks", "needs", "wants"), or a
 * purpose clause ("for …", "helps …", "useful for"). Tuned on the shared corpus: the strict trigger
 * phrases alone leave more than half of the public skills flagged; with purpose clauses the rule flags
 * about a quarter, which are the descriptions that only list features. Common non-English forms too.
 */
const triggerPhrases = new RegExp(
  [
    String.raw`\b(use|used|using|invoke|invoked|activate|apply|applies|load|call|run)\b[^.]{0,40}\b(when|whenever|if|before|after|during|for|to|on|while)\b`,
    String.raw`\bwhen(ever)?\b`,
    String.raw`\btrigger`,
    String.raw`\bif (the |a |an |you|user)`,
    String.raw`\b(useful|ideal|helpful|designed|intended|meant|good|best|great) (for|when)\b`,
    String.raw`\bhelps?\b`,
    String.raw`\b(asks?|asked|needs?|wants?)\b`,
    String.raw`\bfor\b`,
    String.raw`\b(before|after|during|while)\b`,
    "当|触发|用于|适用|使用|場合|とき|ため|際|시|때|когда|для|при\\s",
    String.raw`\b(quando|cuando|para|lorsque|quand|pour|wenn|für|beim)\b`,
  ].join("|"),
  "iu",
);

/** True when a description gives the model a trigger or purpose, not only a feature list. */
export function saysWhen(description: string): boolean {
  return triggerPhrases.test(description);
}

export const descriptionSaysWhen: LintRule = {
  id: "description-says-when",
  severity: "warning",
  summary: "The description says when to use the skill, not only what it does.",
  fix: 'Add a trigger to the description, e.g. "Use when the user asks to …".',
  check({ skill }) {
    const description = frontmatterText(skill.raw.description);
    if (description === undefined || description.trim() === "" || saysWhen(description)) return [];
    return [
      diagnostic(
        descriptionSaysWhen.severity,
        descriptionSaysWhen.id,
        `Description of '${skill.name}' does not say when to use the skill. Add a trigger to description in SKILL.md, e.g. "Use when the user asks to …".`,
        skill.path,
        { ...keyPosition(skill, "description"), field: "description" },
      ),
    ];
  },
};
