/**
 * @module Splits list-valued frontmatter written as one string: `allowed-tools: Bash(git status:*) Read`.
 */

/**
 * Splits a space- or comma-separated list, keeping parenthesised arguments together, so that
 * `Bash(git status:*), Read Write` gives `["Bash(git status:*)", "Read", "Write"]`. Used for
 * `allowed-tools`, `disallowed-tools` and `arguments`. Linear; unbalanced parentheses never throw.
 */
export function splitToolList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29 && depth > 0) depth--;
    const separator = depth === 0 && (c === 0x2c || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d);
    if (separator) {
      if (start !== -1) items.push(text.slice(start, i));
      start = -1;
    } else if (start === -1) {
      start = i;
    }
  }
  if (start !== -1) items.push(text.slice(start));
  return items;
}
