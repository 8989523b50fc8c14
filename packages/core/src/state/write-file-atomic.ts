/**
 * @module Atomic file replacement (SPEC §6, §15): readers see the old file or the new one, never a part.
 */

import { open } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { nodeBuiltin } from "../fs/node-builtin.js";
import { nodeFileSystem } from "../fs/node-file-system.js";

/** Prefix of the temp files `writeFileAtomic` creates beside `path` (see `isAtomicTempFile`). */
export function atomicTempPrefix(path: string): string {
  return `.${basename(path)}.tmp-`;
}

/**
 * Writes `data` to a temp file in the same folder, flushes it to disk, then renames it over `path`
 * (rename is atomic within a folder) and flushes the folder. A crash at any point leaves either the old
 * file or the new one, plus at worst a stray `.<name>.tmp-*` file. Creates the folder if needed.
 * The flushes use Node's file handles and are skipped when a custom `fs` is passed (it owns durability).
 * Not serialised: combine with `withFileLock` when several writers may race.
 */
export async function writeFileAtomic(
  path: string,
  data: string,
  /** `beforeRename`: a last check (a held lock's `assertHeld`); when it throws, nothing is replaced. */
  options: { fs?: FileSystem; beforeRename?: () => Promise<void> } = {},
): Promise<void> {
  const fs = options.fs ?? nodeFileSystem;
  const durable = fs === nodeFileSystem;
  const folder = dirname(path);
  const temp = join(
    folder,
    `${atomicTempPrefix(path)}${process.pid}-${nodeBuiltin("node:crypto").randomBytes(6).toString("hex")}`,
  );
  await fs.mkdir(folder);
  try {
    await fs.writeFile(temp, data);
    if (durable) await flush(temp, "r+");
    await options.beforeRename?.();
    await fs.rename(temp, path);
  } catch (error) {
    await fs.rm(temp).catch(() => {});
    throw error;
  }
  // Makes the rename itself durable; some platforms (Windows) cannot open a folder, which is fine.
  if (durable) await flush(folder, "r").catch(() => {});
  await removeStaleTempFiles(path, fs);
}

// Stray temp files from a crashed writer are removed once they are this old.
const staleTempFileMs = 60_000;

/**
 * Removes the temp files a killed writer left beside `path` (`.<name>.tmp-<pid>-<hex>`, regular files
 * over a minute old): otherwise a stray copy of a lock beside a project's `skills-lock.json` would stay
 * for good. Best effort: a stray temp file is harmless, it is never read.
 */
export async function removeStaleTempFiles(path: string, fs: FileSystem = nodeFileSystem): Promise<void> {
  const folder = dirname(path);
  const prefix = atomicTempPrefix(path);
  try {
    for (const entry of await fs.readdir(folder)) {
      if (!entry.isFile || !entry.name.startsWith(prefix)) continue;
      const stray = join(folder, entry.name);
      if (Date.now() - (await fs.stat(stray)).mtimeMs > staleTempFileMs) await fs.rm(stray);
    }
  } catch {
    // Best effort (see above).
  }
}

async function flush(path: string, flags: string): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
