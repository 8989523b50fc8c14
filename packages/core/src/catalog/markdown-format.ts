/**
 * @module The `markdown` catalog format: a `## Skills` section with a short how-to-use block (from
 * `prompts/catalog-markdown.md`), then one `- name: description (file: path)` line per skill.
 */
import type { CatalogFormat } from "./catalog-format.js";
import { omittedNote, readPrompt } from "./read-prompt.js";

/** The `markdown` format. A skill whose description was cut to nothing reads `- name (file: path)`. */
export const markdownFormat: CatalogFormat = {
  name: "markdown",
  open: () => `${readPrompt("catalog-markdown.md")}\n`,
  close(omitted, listed) {
    if (omitted > 0) return `\n${omittedNote(omitted)}`;
    return listed === 0 ? "(none)" : "";
  },
  // Each line ends with its newline, so that `)` and `\n` are counted together, as a tokenizer sees them.
  skillText: (skill, description) =>
    description === ""
      ? `- ${skill.qualifiedName} (file: ${skill.path})\n`
      : `- ${skill.qualifiedName}: ${description} (file: ${skill.path})\n`,
  skillFrame: (skill) => ({
    before: `- ${skill.qualifiedName}:`,
    lead: " ",
    trail: "",
    after: ` (file: ${skill.path})\n`,
  }),
  escape: (text) => text,
};
