/**
 * @module Which entry of a folder is its skill file (SPEC §4): `SKILL.md` wins over a lowercase `skill.md`.
 */
import type { DirEntry } from "../fs/file-system.js";

/** The skill file of a folder's entries: `SKILL.md` wins over a lowercase `skill.md`; folders never count. */
export function pickSkillFile(entries: readonly DirEntry[]): DirEntry | undefined {
  let lowercase: DirEntry | undefined;
  for (const entry of entries) {
    if (entry.isDirectory) continue;
    if (entry.name === "SKILL.md") return entry;
    if (entry.name === "skill.md") lowercase = entry;
  }
  return lowercase;
}

/**
 * A file whose name is `SKILL.md` in other letter cases (`Skill.md`, `SKILL.MD`): not a skill file (agents
 * look for `SKILL.md`), but almost surely meant as one, so the folder is reported rather than passed over.
 */
export function isMiscasedSkillFile(name: string): boolean {
  return name.length === 8 && name !== "SKILL.md" && name !== "skill.md" && name.toLowerCase() === "skill.md";
}
