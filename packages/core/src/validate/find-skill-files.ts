/**
 * @module Finds every skill under a path given to `skillset validate` or `lint`: unlike discovery's walker,
 * which starts at known skill roots and skips hidden folders, this looks everywhere below the path
 * (`.agents/skills`, `.claude/skills`, `skills/.curated`…) except version-control folders and
 * `node_modules`, so that "validate this tree" checks every `SKILL.md` in it.
 */
import { basename, join, sep } from "node:path";
import type { DirEntry, FileSystem } from "../fs/file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";

/** Folders never searched. */
export const SKIPPED_FOLDERS: readonly string[] = [".git", ".hg", ".jj", ".svn", "node_modules"];

const skippedFolders = new Set(SKIPPED_FOLDERS);

/** Bounds of the search; generous, because the user pointed at this tree on purpose. */
export interface FindSkillFilesOptions {
  fs: FileSystem;
  /** Deepest folder searched below the path (default 32). */
  maxDepth?: number;
  /** Most folders read (default 200,000). */
  maxDirectories?: number;
  /** Folders read at once when the file system has no synchronous reads (default 32). */
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
 * Every `SKILL.md` (or lowercase `skill.md`) below `dir`, including `dir` itself, searched level by level.
 * With a file system that has synchronous reads (the node one does), folders are listed synchronously:
 * on a tree of thousands of small folders that costs about what a plain `readdirSync` walk costs.
 * Otherwise a bounded pool lists them. Folder links are followed once per real path, so link loops end.
 * Never throws: unreadable folders become warnings.
 */
export async function findSkillFiles(dir: string, options: FindSkillFilesOptions): Promise<FoundSkillFiles> {
  const { fs, maxDepth = 32, maxDirectories = 200_000, concurrency = 32 } = options;
  const sync = syncReads(fs);
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

  const unreadable = (folder: string, error: unknown): string[] => {
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
  };

  /** Folder links that lead to folders not searched yet. */
  const followLinks = async (links: string[], subfolders: string[]): Promise<string[]> => {
    for (const path of links) {
      try {
        const stat = sync ? sync.statSync(path) : await fs.stat(path);
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
    return subfolders;
  };

  /** Notes the folder's skill file and returns its sub-folders (a promise only when links need resolving). */
  const classify = (folder: string, entries: DirEntry[], root: boolean): string[] | Promise<string[]> => {
    // Below the root, paths are already normalised: plain concatenation is what `join` would return.
    const child = (name: string) => (root ? join(folder, name) : folder + sep + name);
    const skillFile = pickSkillFile(entries);
    if (skillFile) files.push(child(skillFile.name));
    const subfolders: string[] = [];
    let links: string[] | undefined;
    for (const entry of entries) {
      if (skippedFolders.has(entry.name)) continue;
      if (entry.isDirectory) subfolders.push(child(entry.name));
      else if (entry.isSymbolicLink) {
        links ??= [];
        links.push(child(entry.name));
      }
    }
    return links ? followLinks(links, subfolders) : subfolders;
  };

  for (let depth = 0; level.length > 0; depth++) {
    if (depth > maxDepth || directories + level.length > maxDirectories) {
      limited = true;
      break;
    }
    directories += level.length;
    const root = depth === 0;
    const current = level;
    const next: string[][] = new Array(current.length);
    if (sync) {
      for (let index = 0; index < current.length; index++) {
        const folder = current[index]!;
        let entries: DirEntry[];
        try {
          entries = sync.readdirSync(folder);
        } catch (error) {
          next[index] = unreadable(folder, error);
          continue;
        }
        const found = classify(folder, entries, root);
        next[index] = found instanceof Promise ? await found : found;
      }
    } else {
      let cursor = 0;
      const worker = async () => {
        while (cursor < current.length) {
          const index = cursor++;
          const folder = current[index]!;
          let entries: DirEntry[];
          try {
            entries = await fs.readdir(folder);
          } catch (error) {
            next[index] = unreadable(folder, error);
            continue;
          }
          next[index] = await classify(folder, entries, root);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, current.length) }, worker));
    }
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
