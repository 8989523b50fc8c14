/**
 * @module Recognises a SKILL.md that only holds the path of another file: what git checks out for a
 * symbolic link on systems without link support, or Claude's `@path` import.
 */

/**
 * Returns the linked path when the whole text is one path to a Markdown file (e.g.
 * `../../skills/x/SKILL.md` or `@../x/SKILL.md`), else undefined. Such a file is not a skill: reporting it
 * as one (with the path as its description) would hide the broken link.
 */
export function detectLinkStub(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 4096) return undefined;
  if (!/\.md$/i.test(trimmed) || !trimmed.includes("/")) return undefined;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) return undefined;
  }
  return trimmed.startsWith("@") ? trimmed.slice(1) : trimmed;
}
