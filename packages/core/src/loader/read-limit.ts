/**
 * @module How much of a skill's text reaches a model at once (SPEC §15: bounded): one limit, one rule, for
 * a file read with `skill_read` and for the SKILL.md a load injects (`skill_load`, `use_skill`, a mention,
 * `skillset load`, the MCP server's tools and prompts).
 */
import { SkillsetError } from "../model/errors.js";
import { MAX_SKILL_READ_BYTES } from "../parser/parse-limits.js";

/** Default cap on the size of a file returned by `readSkillFile`, and the cap on a SKILL.md a load gives. */
export { MAX_SKILL_READ_BYTES };

/**
 * Throws `file-too-large` when a file of `size` bytes is over `maxBytes`, naming it as `shown` (its path
 * or `skill://` URL), the limit and the fix: for SKILL.md its author's (its instructions must fit), for
 * another file the reader's.
 */
export function checkReadSize(
  shown: string,
  path: string,
  size: number,
  maxBytes: number = MAX_SKILL_READ_BYTES,
): void {
  if (size <= maxBytes) return;
  const fix = /(?:^|[/\\])SKILL\.md$/.test(path)
    ? "Keep SKILL.md under the limit: move bulky content into files under references/ and point to them from SKILL.md (they are read one at a time, when needed)."
    : "Read a smaller file, or open it with a tool made for large files.";
  throw new SkillsetError(
    "file-too-large",
    `${shown} is ${size} bytes, over the ${maxBytes}-byte limit for a skill's text given to a model. ${fix}`,
    { path },
  );
}
