/**
 * @module The link policy (SPEC §5 Walking, §15), in one place: what a symbolic link may lead to. Used by
 * the walker for every link it meets and by the SKILL.md reader for a path given to it directly.
 *
 * - A linked `SKILL.md` is read only when its target is a regular file itself named `SKILL.md` (any case):
 *   a link to `~/.aws/credentials` is refused, never read.
 * - A link (to a file or a folder) whose real path leaves every allowed area (the known roots and the
 *   project, or the tree given to `validate`/`lint`) is not followed, unless the caller allows it
 *   (`discovery.followExternalLinks`) or the root's links are the person's own (`Root.externalLinks`:
 *   user and admin scopes). A cloned repository's link to `~/.ssh` is refused; `~/.claude/skills/x ->
 *   ~/dev/x` is followed.
 */
import { basename } from "node:path";
import { describeKind, type FileKind } from "../fs/file-kind.js";
import type { FileStat } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/root.js";

/** The areas links under `root` must stay inside: none when the root's links may go anywhere. */
export function linkAreasFor(
  root: Root,
  areas: readonly string[] | undefined,
): readonly string[] | undefined {
  return root.externalLinks ? undefined : areas;
}

/** Whether a real path lies inside one of `areas`; no areas given means no boundary. */
export function insideAreas(real: string, areas: readonly string[] | undefined): boolean {
  return areas === undefined || areas.some((area) => isSameOrInside(real, area));
}

/** Whether a file may serve as a skill file: named `SKILL.md` in any case. */
export function isSkillFileName(path: string): boolean {
  return basename(path).toLowerCase() === "skill.md";
}

/**
 * Why a linked skill file at `path` (real path `real`, `stat` of the target) must not be read, or
 * undefined when it may be. `areas`: see {@link insideAreas}.
 */
export function refuseSkillFileLink(
  path: string,
  real: string,
  stat: FileStat,
  areas: readonly string[] | undefined,
): Diagnostic | undefined {
  if (!stat.isFile) return notRegularFile(path, stat.isDirectory ? "directory" : stat.kind);
  if (!isSkillFileName(real)) return linkRefused(path, real);
  if (!insideAreas(real, areas)) return linkLeavesArea(path, real);
  return undefined;
}

/** `file-not-regular`: a skill file (or a link's target) that is a folder, FIFO, socket or device. */
export function notRegularFile(path: string, kind: FileKind | undefined): Diagnostic {
  const fix =
    kind === "directory"
      ? "Make SKILL.md a Markdown file (move the folder's contents elsewhere)."
      : "Replace it with a regular Markdown file; special files are never opened.";
  return diagnostic(
    "error",
    "file-not-regular",
    `Missing required file: SKILL.md (${path} is ${describeKind(kind)}, not a regular file), so it is not read. ${fix}`,
    path,
  );
}

/** `link-refused`: a `SKILL.md` link whose target is not a file named `SKILL.md`. */
export function linkRefused(path: string, target: string): Diagnostic {
  return diagnostic(
    "error",
    "link-refused",
    `${path} is a symbolic link to ${target}, which is not a file named SKILL.md; it is not read ` +
      "(a linked SKILL.md must point to another SKILL.md). Replace the link with the skill's SKILL.md.",
    path,
  );
}

/** `link-leaves-roots`: a link whose target lies outside every skills root and the project (or given tree). */
export function linkLeavesArea(path: string, target: string): Diagnostic {
  return diagnostic(
    "warning",
    "link-leaves-roots",
    `Symbolic link ${path} leads to ${target}, outside the skills roots and the project; it is not followed. ` +
      "Set discovery.followExternalLinks to true in the skillset config to follow such links, " +
      "or move the target inside a skills root.",
    path,
  );
}
