/**
 * @module The `markdown` catalog format: a `## Skills` section with a short how-to-use block (from
 * `prompts/catalog-markdown.md`), then one `- name: description (file: path)` line per skill.
 */
import type { CatalogFormat } from "./catalog-format.js";
import { omittedNote, readPrompt } from "./read-prompt.js";

/** The `markdown` format. A skill whose description was cut to nothing reads `- name (file: path)`. */
export const markdownFormat: CatalogFormat = {
  name: "markdown",
  open: () => readPrompt("catalog-markdown.md"),
  close(omitted, listed) {
    if (omitted > 0) return `\n\n${omittedNote(omitted)}`;
    return listed === 0 ? "\n(none)" : "";
  },
  skillText: (skill, description) =>
    description === ""
      ? `\n- ${skill.qualifiedName} (file: ${skill.path})`
      : `\n- ${skill.qualifiedName}: ${description} (file: ${skill.path})`,
  skillFrame: (skill) => ({
    before: `\n- ${skill.qualifiedName}:`,
    lead: " ",
    after: ` (file: ${skill.path})`,
  }),
  escape: (text) => text,
};
