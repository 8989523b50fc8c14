/**
 * @module The read-time check of a skill (SPEC §5, §15): before anything of a skill is read — its SKILL.md
 * for loading or reading, a bundled file, the list of its files — the folder must still resolve to the real
 * path discovery recorded, and SKILL.md itself to the real path discovery recorded for it (`skill.id`). A
 * folder renamed away and replaced by a link, or a SKILL.md replaced by a link to another SKILL.md (one
 * outside every area discovery would have followed it into), is refused: what discovery did not check is
 * never read.
 */

import { dirname } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { realpathNow } from "../fs/sync-reads.js";
import type { SkillsetErrorCode } from "../model/codes.js";
import { SkillsetError } from "../model/errors.js";
import type { Skill } from "../model/skill.js";

/**
 * Returns the real path of `skill`'s folder as discovery recorded it (`skill.realDir`; for a skill built
 * by hand, its SKILL.md's real folder), once `skill.dir` is seen to still resolve there. `refused` names
 * what is refused, as the message's start ("Refused <refused>: …"). Throws a `SkillsetError`:
 * `path-refused` when the folder now leads elsewhere (replaced by a link), or what `notFound` makes of
 * the failure when the folder is gone.
 *
 * @example const realDir = await checkSkillFolder(skill, nodeFileSystem, `to load ${skill.path}`, gone);
 */
export async function checkSkillFolder(
  skill: Skill,
  fs: FileSystem,
  refused: string,
  notFound: (cause: unknown) => Error,
): Promise<string> {
  const recorded = skill.realDir ?? dirname(skill.id);
  await expectRealPath(skill.dir, recorded, fs, notFound, () =>
    refusal(
      "path-refused",
      refused,
      `the skill folder ${skill.dir} no longer leads to ${recorded} where the skill was found`,
      skill.dir,
    ),
  );
  return recorded;
}

/**
 * {@link checkSkillFolder}, then SKILL.md: `skill.path` must still resolve to `skill.id`, the real path
 * discovery recorded (and checked against the link policy and the registry's link areas). Call it before
 * reading SKILL.md (`skill.id`) at load or read time. Returns the folder's recorded real path. Throws a
 * `SkillsetError`: `path-refused` for the folder, `link-refused` when SKILL.md now leads elsewhere (it was
 * replaced by a link since discovery), or what `notFound` makes of the failure when it is gone.
 *
 * @example const realDir = await checkSkillFile(skill, nodeFileSystem, `to load ${skill.path}`, gone);
 */
export async function checkSkillFile(
  skill: Skill,
  fs: FileSystem,
  refused: string,
  notFound: (cause: unknown) => Error,
): Promise<string> {
  const realDir = await checkSkillFolder(skill, fs, refused, notFound);
  await expectRealPath(skill.path, skill.id, fs, notFound, () =>
    refusal(
      "link-refused",
      refused,
      `${skill.path} no longer leads to ${skill.id}, the SKILL.md discovery found`,
      skill.path,
    ),
  );
  return realDir;
}

/**
 * Resolves `path` and throws `refuse()` unless its real path is still `recorded`. Where it leads now is
 * not told: a link planted since discovery learns nothing about the place it points to.
 */
async function expectRealPath(
  path: string,
  recorded: string,
  fs: FileSystem,
  notFound: (cause: unknown) => Error,
  refuse: () => Error,
): Promise<void> {
  let now: string;
  try {
    now = await realpathNow(fs, path);
  } catch (error) {
    throw notFound(error);
  }
  if (now !== recorded) throw refuse();
}

function refusal(code: SkillsetErrorCode, refused: string, what: string, path: string): SkillsetError {
  return new SkillsetError(
    code,
    `Refused ${refused}: ${what} (it was replaced by a link since discovery). Nothing is read from it; reload the skills to look at it again.`,
    { path },
  );
}
