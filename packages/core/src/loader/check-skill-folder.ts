/**
 * @module The read-time check of a skill folder (SPEC §15): before anything of a skill is read — its
 * SKILL.md for loading, a bundled file, the list of its files — the folder must still resolve to the real
 * path discovery recorded, so a folder renamed away and replaced by a link to another place is refused.
 */
import { dirname } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
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
  const now = await fs.realpath(skill.dir).catch((error: unknown) => {
    throw notFound(error);
  });
  if (now !== recorded) {
    throw new SkillsetError(
      "path-refused",
      `Refused ${refused}: the skill folder ${skill.dir} now leads to ${now}, not to ${recorded} where the skill was found (it was replaced by a link). Nothing is read from it; reload the skills to look at it again.`,
      { path: skill.dir },
    );
  }
  return recorded;
}
