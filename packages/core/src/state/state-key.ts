/**
 * @module The keys a state file holds (SPEC §6): a skill name (`pdf`), a qualified name (`acme:pdf`) or
 * an absolute path of a skill's `SKILL.md` or of its folder.
 */
import { isAbsolute, join, resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { SkillsetError } from "../model/errors.js";

/** True when `key` names a path (it has a slash, is absolute, or starts with `~` or `.`) rather than a name. */
export function isPathKey(key: string): boolean {
  return (
    key.includes("/") || key.includes("\\") || isAbsolute(key) || key.startsWith("~") || key.startsWith(".")
  );
}

/**
 * The form a key is stored in: names are trimmed; paths are made absolute (`~/` is `home`, relative
 * paths resolve against `cwd`) and, when they exist, real (symlinks resolved), to match a skill's `id`.
 * Throws `SkillsetError` code `state-key-invalid` for an empty key.
 */
export async function canonicalStateKey(
  key: string,
  options: { cwd: string; home: string; fs: FileSystem },
): Promise<string> {
  const trimmed = key.trim();
  if (trimmed === "") {
    throw new SkillsetError(
      "state-key-invalid",
      "An empty skill key cannot be enabled or disabled. Give a skill name, namespace:name or a path.",
      { field: "key" },
    );
  }
  if (!isPathKey(trimmed)) return trimmed;
  const absolute =
    trimmed === "~"
      ? options.home
      : trimmed.startsWith("~/") || trimmed.startsWith("~\\")
        ? join(options.home, trimmed.slice(2))
        : resolve(options.cwd, trimmed);
  try {
    return await options.fs.realpath(absolute);
  } catch {
    return absolute; // a path that does not exist (yet) is kept as written
  }
}
