/**
 * @module The one rule for a skill name that becomes a folder (SPEC §15: never write outside the folders a
 * command writes to). A name comes from a source's frontmatter or a committed lock, so it is untrusted:
 * it is joined to a folder only when it is exactly one path segment.
 */
import { join } from "node:path";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";

/** Most bytes in one file name on common file systems (ext4, APFS). */
const MAX_NAME_BYTES = 255;

/** Why `name` cannot be a folder name, or `undefined` when it can. */
export function folderNameProblem(name: string): string | undefined {
  if (name === "") return "it is empty";
  if (name === "." || name === "..") return `it is '${name}', which names a folder above or itself`;
  if (name.includes("/")) return "it holds '/', which would make it a path";
  if (name.includes("\\")) return "it holds '\\', which would make it a path on Windows";
  // C0 controls (NUL included), DEL and C1 controls.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "it holds control characters";
  const bytes = Buffer.byteLength(name, "utf8");
  if (bytes > MAX_NAME_BYTES) return `it is ${bytes} bytes long, over the ${MAX_NAME_BYTES}-byte limit`;
  return undefined;
}

/** The name quoted for a message, its control characters shown escaped. */
export function shownName(name: string): string {
  return `"${inertForTerminal(name)}"`;
}

/**
 * `dir/name`, after checking that `name` is one folder name; throws `install-unsafe-name` naming `where`
 * (the skill's place in its source, or the lock it came from) and the fix.
 */
export function skillFolder(dir: string, name: string, where: string): string {
  assertFolderName(name, where);
  return join(dir, name);
}

/** Throws `install-unsafe-name` when `name` cannot be a folder name (see `skillFolder`). */
export function assertFolderName(name: string, where: string): void {
  const problem = folderNameProblem(name);
  if (problem)
    throw new SkillsetError(
      "install-unsafe-name",
      `Refused the skill named ${shownName(name)} (${inertForTerminal(where)}): the name is not a folder name (${problem}). A skill's name must be one folder name: not empty, not '.' or '..', without '/', '\\' or control characters, at most ${MAX_NAME_BYTES} bytes. Fix its \`name\` (the SKILL.md frontmatter, or the key in skills-lock.json). Nothing was written.`,
    );
}

/**
 * The folder of the skill a lock entry names, in any agent's skills folder. vercel's CLI keys its lock by
 * the skill's name as written and names the folder after it: lowercased, each run of characters other
 * than a-z, 0-9, '.' and '_' made one '-', leading and trailing dots and dashes dropped (`team/pdf` →
 * `team-pdf`, `My Skill` → `my-skill`). Both tools find an entry's folder the same way; for every valid
 * skill name (all skillset installs) the folder is the name itself. Always one safe folder name.
 * @example lockedFolderName("PDF Tools") // "pdf-tools"
 */
export function lockedFolderName(key: string): string {
  const folder = key
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(0, MAX_NAME_BYTES);
  return folder || "unnamed-skill";
}

/** `dir/<the folder of lock entry key>` (see `lockedFolderName`). */
export function lockedSkillFolder(dir: string, key: string): string {
  return join(dir, lockedFolderName(key));
}
