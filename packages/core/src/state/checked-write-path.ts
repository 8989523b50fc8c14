/**
 * @module The one check before a write, rename or delete in a folder that may have come with a clone (SPEC
 * §15: never write outside the folders a command writes to). A cloned project's `.skillset`, `.agents`,
 * `.agents/skills`, `.claude/skills` or a skill folder may be a committed symbolic link to `../victim` or
 * `~/.ssh`; writing "into the project" through it would replace the person's own files. So every path is
 * walked component by component below its trusted root with `lstat`: a link is allowed only when its real
 * target stays inside that root's real folder. Callers run it right before each change, so the answer is
 * fresh. `add`, `update`, `install` and `remove` check each write with it, so do the project's state file
 * and `skillset new`.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { nodeFs } from "../fs/node-builtin.js";
import type { SkillsetErrorCode } from "../model/codes.js";
import { SkillsetError } from "../model/errors.js";
import { inertForTerminal } from "../model/inert-text.js";

const { lstatSync, realpathSync } = nodeFs;

/** The codes a refusal carries: a caller may name its own (the installer's are `install-…`). */
export interface WriteRefusalCodes {
  /** A link on the way leads out of the root. */
  linkOutside: SkillsetErrorCode;
  /** The path is in none of the roots. */
  outsideRoots: SkillsetErrorCode;
}

const WRITE_CODES: WriteRefusalCodes = {
  linkOutside: "write-link-outside",
  outsideRoots: "write-outside-roots",
};

/**
 * Returns `path` once every component of it below the innermost of `roots` that holds it is a real
 * entry or a link whose real target stays inside that root (missing components end the walk: what does
 * not exist yet is created by the caller without following anything). Throws `write-link-outside` naming
 * the link, where it leads and the fix; `write-outside-roots` when `path` is in none of `roots` (or the
 * `codes` given). A root itself is trusted as it is (the project the person works in, or their own skills
 * folders). With `replacesLeaf`, the last component may be any link: the caller removes or renames that
 * entry itself (`rm`, `rename` and `symlink` never follow it), as when replacing an agent's link to a skill.
 */
export function checkedWritePath(
  path: string,
  roots: readonly string[],
  options: { replacesLeaf?: boolean; codes?: WriteRefusalCodes } = {},
): string {
  const codes = options.codes ?? WRITE_CODES;
  const target = resolve(path);
  const root = innermostRoot(target, roots);
  if (root === undefined)
    throw new SkillsetError(
      codes.outsideRoots,
      `Refused to write ${inertForTerminal(target)}: it is outside the folders this command writes to (${roots.map((r) => inertForTerminal(r)).join(", ")}). Nothing was changed.`,
    );
  const segments = relative(root, target).split(sep).filter(Boolean);
  let realRoot: string | undefined;
  let current = root;
  for (const [index, segment] of segments.entries()) {
    current = `${current}${current.endsWith(sep) ? "" : sep}${segment}`;
    const info = lstatSync(current, { throwIfNoEntry: false });
    if (info === undefined) break;
    if (!info.isSymbolicLink() || (options.replacesLeaf && index === segments.length - 1)) continue;
    realRoot ??= realpathSync.native(root);
    let real: string;
    try {
      real = realpathSync.native(current);
    } catch {
      throw linkOutside(codes, current, root, "a link that leads nowhere (its target does not exist)");
    }
    if (!isSameOrInside(real, realRoot))
      throw linkOutside(codes, current, root, `a symbolic link to ${inertForTerminal(real)}`);
  }
  return target;
}

/** The longest root that holds `target` (roots may nest: the person's skills folder inside `~/.agents`). */
function innermostRoot(target: string, roots: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const candidate of roots) {
    const root = resolve(candidate);
    if (!isAbsolute(root) || !isSameOrInside(target, root)) continue;
    if (best === undefined || root.length > best.length) best = root;
  }
  return best;
}

function linkOutside(codes: WriteRefusalCodes, link: string, root: string, what: string): SkillsetError {
  return new SkillsetError(
    codes.linkOutside,
    `Refused: ${inertForTerminal(link)} is ${what}, outside ${inertForTerminal(root)}. A project (or a clone of one) may not point skillset's writes elsewhere. Remove that link, or replace it with a real folder, and run the command again. Nothing was changed.`,
    { path: link },
  );
}
