/**
 * @module The files a skill's digests cover, read the way vercel's `skills` CLI reads them: regular files
 * only (symbolic links are not followed), `.git` and `node_modules` folders skipped, paths joined with `/`.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** One file of a skill folder: its path relative to the folder (always `/`) and its bytes. */
export interface HashedFile {
  path: string;
  content: Buffer;
  /**
   * The source held a link here (copied as the file it points to): vercel's `computedHash`, taken over the
   * source, skips links, so it leaves this file out.
   */
  linked?: boolean;
}

/** Folders no digest looks into (the same two vercel's project lock skips). */
export const UNHASHED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** Every regular file below `dir`, in no particular order. */
export async function listHashedFiles(dir: string): Promise<HashedFile[]> {
  const found: HashedFile[] = [];
  const visit = async (folder: string, prefix: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!UNHASHED_FOLDERS.has(entry.name)) await visit(join(folder, entry.name), path);
        } else if (entry.isFile()) {
          found.push({ path, content: await readFile(join(folder, entry.name)) });
        }
      }),
    );
  };
  await visit(dir, "");
  return found;
}
