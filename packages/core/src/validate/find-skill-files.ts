/**
 * @module Finds every skill under a path given to `skillset validate` or `lint`: unlike discovery's walker,
 * which starts at known skill roots and skips hidden folders, this looks everywhere below the path
 * (`.agents/skills`, `.claude/skills`, `skills/.curated`…) except version-control folders and
 * `node_modules`, so that "validate this tree" checks every `SKILL.md` in it.
 */
import { basename, join } from "node:path";
import type { DirEntry, FileSystem } from "../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";

/** Folders never searched. */
export const SKIPPED_FOLDERS: readonly string[] = [".git", ".hg", ".jj", ".svn", "node_modules"];

/** Bounds of the search; generous, because the user pointed at this tree on purpose. */
export interface FindSkillFilesOptions {
  fs: FileSystem;
  /** Deepest folder searched below the path (default 32). */
  maxDepth?: number;
  /** Most folders read (default 200,000). */
  maxDirectories?: number;
  /** Folders read at once (default 32). */
  concurrency?: number;
}

/** The skill files found (sorted by path) and warnings about folders that could not be searched. */
export interface FoundSkillFiles {
  files: string[];
  diagnostics: Diagnostic[];
}

/** The skill file of a folder's entries: `SKILL.md` wins over a lowercase `skill.md`. */
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
 * Every `SKILL.md` (or lowercase `skill.md`) below `dir`, including `dir` itself. Folder links are
 * followed once per real path, so link loops end. Never throws: unreadable folders become warnings.
 */
export async function findSkillFiles(dir: string, options: FindSkillFilesOptions): Promise<FoundSkillFiles> {
  const { fs, maxDepth = 32, maxDirectories = 200_000, concurrency = 32 } = options;
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const visited = new Set<string>();
  let directories = 0;
  let limited = false;
  let followedLinks = false;
  let level: string[] = [dir];
  try {
    visited.add(await fs.realpath(dir));
  } catch {
    // The caller checked the path exists; a failure here is reported by readdir below.
  }
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > maxDepth || directories + level.length > maxDirectories) {
      limited = true;
      break;
    }
    directories += level.length;
    const next: string[][] = new Array(level.length);
    let cursor = 0;
    const worker = async () => {
      while (cursor < level.length) {
        const index = cursor++;
        next[index] = await readFolder(level[index]!);
      }
    };
    const readFolder = async (folder: string): Promise<string[]> => {
      let entries: DirEntry[];
      try {
        entries = await fs.readdir(folder);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
        diagnostics.push(
          diagnostic(
            "warning",
            "folder-unreadable",
            `Could not read folder ${folder} (${code}); skills inside it were not checked. Fix its permissions or pass a different path.`,
            folder,
          ),
        );
        return [];
      }
      const skillFile = pickSkillFile(entries);
      if (skillFile) files.push(join(folder, skillFile.name));
      const subfolders: string[] = [];
      for (const entry of entries) {
        if (SKIPPED_FOLDERS.includes(entry.name)) continue;
        const path = join(folder, entry.name);
        if (entry.isDirectory) {
          subfolders.push(path);
        } else if (entry.isSymbolicLink) {
          try {
            const stat = await fs.stat(path);
            if (!stat.isDirectory) continue;
            const real = await fs.realpath(path);
            if (visited.has(real)) continue;
            visited.add(real);
            followedLinks = true;
            subfolders.push(path);
          } catch {
            // A dangling link is not a folder to search.
          }
        }
      }
      return subfolders;
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, level.length) }, worker));
    level = next.flat().sort();
  }
  if (limited) {
    diagnostics.push(
      diagnostic(
        "warning",
        "search-limit",
        `Stopped searching ${dir} after ${maxDirectories} folders or ${maxDepth} levels; some skills in ${basename(dir)} were not checked. Pass a narrower path.`,
        dir,
      ),
    );
  }
  return { files: followedLinks ? await uniqueByRealPath(fs, files) : files.sort(), diagnostics };
}

/** Drops files reached twice (through a folder link and directly), keeping the first path in order. */
async function uniqueByRealPath(fs: FileSystem, files: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const file of files.sort()) {
    const real = await fs.realpath(file).catch(() => file);
    if (seen.has(real)) continue;
    seen.add(real);
    unique.push(file);
  }
  return unique;
}
