/**
 * @module The files bundled with a skill, for the `<skill_files>` list of the `tool` envelope (SPEC §9):
 * a bounded, breadth-first, sorted sample, never leaving the skill folder.
 */
import { join, relative } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { readdirNow, realpathNow, statNow } from "../fs/sync-reads.js";

/** Bounds of the listing. */
export interface SkillFilesLimits {
  /** Most files listed (default 10). */
  maxFiles?: number;
  /** Most bytes of listed paths, newlines included (default 2,048). */
  maxBytes?: number;
  /** Most directory entries looked at (default 500), so a huge asset folder costs little. */
  maxEntries?: number;
}

/** The sample, and whether files were left out. */
export interface SkillFiles {
  /** Absolute paths under the skill folder as found (`skill.dir`), breadth-first, sorted per folder. */
  files: string[];
  /** True when the skill holds more files than are listed (or the walk stopped at a bound). */
  truncated: boolean;
}

const SKIPPED = new Set(["node_modules", "SKILL.md", "skill.md"]);

/**
 * Lists files under `dir` (whose real path is `realDir`): hidden entries, `node_modules` and the
 * top-level SKILL.md are skipped; a symbolic link is listed only when it leads to a regular file inside
 * the skill folder. Unreadable folders are passed over. Never throws.
 */
export async function listSkillFiles(
  dir: string,
  realDir: string,
  fs: FileSystem,
  limits: SkillFilesLimits = {},
): Promise<SkillFiles> {
  const maxFiles = limits.maxFiles ?? 10;
  const maxBytes = limits.maxBytes ?? 2048;
  let entriesLeft = limits.maxEntries ?? 500;
  const files: string[] = [];
  let bytes = 0;
  let truncated = false;
  const queue: string[] = [dir];
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    let entries: Awaited<ReturnType<FileSystem["readdir"]>>;
    try {
      entries = await readdirNow(fs, folder);
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entriesLeft-- <= 0) return { files, truncated: true };
      if (entry.name.startsWith(".") || (SKIPPED.has(entry.name) && (folder === dir || entry.isDirectory)))
        continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory) {
        queue.push(path);
        continue;
      }
      if (entry.isSymbolicLink && !(await isInsideFile(path, realDir, fs))) continue;
      if (!entry.isFile && !entry.isSymbolicLink) continue;
      const size = Buffer.byteLength(path) + 1;
      if (files.length >= maxFiles) return { files, truncated: true };
      if (bytes + size > maxBytes) {
        truncated = true;
        continue;
      }
      files.push(path);
      bytes += size;
    }
  }
  return { files, truncated };
}

/** True when the link at `path` leads to a regular file inside `realDir`. */
async function isInsideFile(path: string, realDir: string, fs: FileSystem): Promise<boolean> {
  try {
    const real = await realpathNow(fs, path);
    return (
      isSameOrInside(real, realDir) && relative(realDir, real) !== "" && (await statNow(fs, real)).isFile
    );
  } catch {
    return false;
  }
}
