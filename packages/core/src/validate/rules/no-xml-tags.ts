/**
 * @module Lint rule `no-xml-tags`: hosts put the name and description inside XML prompts
 * (`<available_skills>`), so a tag in them can break or hijack that structure.
 */
import { type Diagnostic, diagnostic } from "../../model/diagnostic.js";
import { frontmatterText } from "../../parser/frontmatter-text.js";
import { keyPosition, type LintRule } from "../lint-rule.js";

/** An opening, closing or self-closing tag such as `<example>`, `</skill>` or `<br/>`. */
const xmlTag = /<\/?[A-Za-z_][\w.:-]*(?:\s[^<>]*)?\/?>/;

export const noXmlTags: LintRule = {
  id: "no-xml-tags",
  severity: "error",
  summary: "The name and description contain no XML tags.",
  fix: "Remove the tag or write it without angle brackets.",
  check({ skill }) {
    const found: Diagnostic[] = [];
    for (const field of ["name", "description"]) {
      const text = frontmatterText(skill.raw[field]);
      const tag = text === undefined ? null : xmlTag.exec(text);
      if (!tag) continue;
      found.push(
        diagnostic(
          noXmlTags.severity,
          noXmlTags.id,
          `The ${field} of '${skill.name}' contains the XML tag ${tag[0]}; hosts list skills inside XML, so tags can break the prompt. Remove it from ${field} in SKILL.md or write it without angle brackets.`,
          skill.path,
          { ...keyPosition(skill, field), field },
        ),
      );
    }
    return found;
  },
};
