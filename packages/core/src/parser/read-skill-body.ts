/**
 * @module The body of a SKILL.md, read on demand (progressive disclosure, SPEC §3) by the one reader.
 */
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { SkillsetError } from "../model/errors.js";
import { locateFrontmatter } from "./parse-skill-text.js";
import { type ReadSkillTextOptions, readSkillText, readSkillTextSync } from "./read-skill-text.js";

/**
 * Returns the body of a SKILL.md with the frontmatter removed, split as lenient parsing splits it (so a
 * frontmatter missing its opening `---` is removed too). Without frontmatter the whole text is the body.
 * Reads through {@link readSkillText} (same link policy, regular files only, same limits), and throws a
 * {@link SkillsetError} with the code that reader reports (`file-not-found`, `file-not-regular`,
 * `link-refused`, `file-too-large`, `encoding-invalid`, …), or `frontmatter-unterminated` /
 * `frontmatter-too-large` when the body cannot be found.
 */
export async function readSkillBody(
  path: string,
  fs: FileSystem = nodeFileSystem,
  options: Pick<ReadSkillTextOptions, "linkChecked"> = {},
): Promise<string> {
  // Synchronous when the file system has every read the link check needs: no thread-pool trips.
  const sync = syncReads(fs);
  const read =
    sync?.lstatSync && sync.realpathSync
      ? readSkillTextSync(path, { ...options, fs: sync, body: true })
      : await readSkillText(path, { ...options, fs, body: true });
  if (!read.ok) throw new SkillsetError(read.diagnostic.code, read.diagnostic.message, { path });
  const { split } = locateFrontmatter(read.text, read.split, path, "lenient");
  if (split.kind === "frontmatter" || split.kind === "none") return split.body;
  throw new SkillsetError(
    split.kind === "unterminated" ? "frontmatter-unterminated" : "frontmatter-too-large",
    `${path}: the frontmatter ${split.kind === "unterminated" ? "is never closed" : "is larger than 64 KiB"}, so the body cannot be found; close it with a \`---\` line.`,
    { path },
  );
}
