/**
 * @module Text whose lines end in a lone CR (classic Mac OS) is read as lines, not as one long line that
 * hides the frontmatter.
 */

/**
 * The text with every CR turned into LF when CR is its only line break (no LF anywhere), else the text
 * unchanged. CRLF files are left alone (the splitter accepts them as they are).
 * @example crOnlyToLf("---\rname: a\r---\r") // "---\nname: a\n---\n"
 */
export function crOnlyToLf(text: string): string {
  return text.indexOf("\n") === -1 && text.indexOf("\r") !== -1 ? text.replaceAll("\r", "\n") : text;
}
