/**
 * @module The files of one skill as `skill://` URLs, for resource listings and path completion: the
 * loader's bounded listing (never leaving the skill folder), turned into relative paths and URLs.
 */
import { relative, sep } from "node:path";
import { nodeFileSystem } from "@skillset/core/fs";
import { checkSkillFolder, listSkillFiles, skillUri } from "@skillset/core/loader";
import type { Skill } from "@skillset/core/model";

/** One bundled file. */
export interface SkillFile {
  /** Path relative to the skill folder, `/`-separated. */
  path: string;
  uri: string;
}

/** Most files listed per skill; a skill with more still serves each through the template. */
export const MAX_LISTED_FILES = 200;

/**
 * The bundled files of `skill` (SKILL.md not included), breadth-first, at most `MAX_LISTED_FILES`; their
 * URLs address the skill by `name` (default its qualified name; see `skillUri`). None when the folder is
 * gone or no longer resolves to where discovery found it (`checkSkillFolder`).
 */
export async function skillFiles(skill: Skill, name = skill.qualifiedName): Promise<SkillFile[]> {
  let realDir: string;
  try {
    // A folder gone, or replaced by a link since discovery, lists nothing (its reads are refused too).
    realDir = await checkSkillFolder(
      skill,
      nodeFileSystem,
      `to list ${skill.dir}`,
      (cause) => new Error(`${skill.dir} is gone`, { cause }),
    );
  } catch {
    return [];
  }
  const { files } = await listSkillFiles(skill.dir, realDir, nodeFileSystem, {
    maxFiles: MAX_LISTED_FILES,
    maxBytes: 256 * 1024,
    maxEntries: 2000,
  });
  return files.map((file) => {
    const segments = relative(skill.dir, file).split(sep);
    return { path: segments.join("/"), uri: skillUri(skill, segments, name) };
  });
}
