/**
 * @module The body of a SKILL.md, read on demand (progressive disclosure, SPEC §3).
 */
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { SkillsetError } from "../model/errors.js";
import { decodeSkillBytes } from "./decode-text.js";
import { MAX_SKILL_FILE_BYTES } from "./parse-limits.js";
import { unreadable } from "./parse-skill-file.js";
import { locateFrontmatter } from "./parse-skill-text.js";
import { splitFrontmatter } from "./split-frontmatter.js";

/**
 * Returns the body of a SKILL.md with the frontmatter removed, split as lenient parsing splits it (so a
 * frontmatter missing its opening `---` is removed too). Without frontmatter the whole text is the body.
 * Throws a {@link SkillsetError} with the same `code` the parser would report (`file-not-found`,
 * `file-too-large`, `encoding-invalid`, `frontmatter-unterminated`, …) when the body cannot be read.
 */
export async function readSkillBody(path: string, fs: FileSystem = nodeFileSystem): Promise<string> {
  let bytes: Uint8Array;
  try {
    const stat = await fs.stat(path);
    if (stat.size > MAX_SKILL_FILE_BYTES) {
      throw new SkillsetError(
        "file-too-large",
        `${path} is over the ${MAX_SKILL_FILE_BYTES / 1024 / 1024} MiB limit for SKILL.md; move bulky content into files under references/.`,
        { path },
      );
    }
    bytes = await fs.readFile(path);
  } catch (error) {
    if (SkillsetError.isInstance(error)) throw error;
    const found = unreadable(path, error);
    throw new SkillsetError(found.code, found.message, { path, cause: error });
  }
  const decoded = decodeSkillBytes(bytes, path);
  if (!decoded.ok) throw new SkillsetError(decoded.diagnostic.code, decoded.diagnostic.message, { path });
  const { split } = locateFrontmatter(decoded.text, splitFrontmatter(decoded.text), path, "lenient");
  if (split.kind === "frontmatter" || split.kind === "none") return split.body;
  throw new SkillsetError(
    split.kind === "unterminated" ? "frontmatter-unterminated" : "frontmatter-too-large",
    `${path}: the frontmatter ${split.kind === "unterminated" ? "is never closed" : "is larger than 64 KiB"}, so the body cannot be found; close it with a \`---\` line.`,
    { path },
  );
}
