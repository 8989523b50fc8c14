/**
 * @module The FileSystem backed by `node:fs/promises`.
 */
import { type Dirent, readdir as readdirCallback, type Stats } from "node:fs";
import * as fs from "node:fs/promises";
import type { DirEntry, FileStat, FileSystem } from "./file-system.js";

function toStat(stats: Stats): FileStat {
  return {
    isFile: stats.isFile(),
    isDirectory: stats.isDirectory(),
    isSymbolicLink: stats.isSymbolicLink(),
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    mode: stats.mode & 0o777,
  };
}

/** Creates the default, real-disk file system. */
export function createNodeFileSystem(): FileSystem {
  return {
    readFile: async (path) => new Uint8Array(await fs.readFile(path)),
    readText: (path) => fs.readFile(path, "utf8"),
    async readHead(path, length) {
      const handle = await fs.open(path, "r");
      try {
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    stat: async (path) => toStat(await fs.stat(path)),
    lstat: async (path) => toStat(await fs.lstat(path)),
    async readdir(path) {
      // The callback API costs about a third less CPU per call than fs/promises on Node 20; the walker
      // lists thousands of folders.
      const entries = await new Promise<Dirent[]>((resolve, reject) =>
        readdirCallback(path, { withFileTypes: true }, (error, found) =>
          error ? reject(error) : resolve(found),
        ),
      );
      return entries.map(
        (entry): DirEntry => ({
          name: entry.name,
          isFile: entry.isFile(),
          isDirectory: entry.isDirectory(),
          isSymbolicLink: entry.isSymbolicLink(),
        }),
      );
    },
    realpath: (path) => fs.realpath(path),
    async exists(path) {
      try {
        await fs.access(path);
        return true;
      } catch {
        return false;
      }
    },
    writeFile: (path, data) => fs.writeFile(path, data),
    mkdir: async (path) => {
      await fs.mkdir(path, { recursive: true });
    },
    rename: (from, to) => fs.rename(from, to),
    rm: (path) => fs.rm(path, { recursive: true, force: true }),
  };
}

/** A shared instance for callers that do not pass their own. */
export const nodeFileSystem: FileSystem = createNodeFileSystem();
