/**
 * @module A read-only file system over a copied skill's bytes (a {@link SkillTree} placed at `dir`), so
 * validation and lint judge exactly what was written without reading the copy back. It answers like the
 * disk would for the copy: only regular files and folders, no links; anything outside `dir` is missing.
 */
import { join, resolve } from "node:path";
import {
  type DirEntry,
  type FileStat,
  type FileSystem,
  notRegularFileError,
  type SyncFileReads,
} from "@skillset/core/fs";
import type { SkillTree, TreeFile } from "../apply/copy-skill-tree.js";

/** `tree` as it lies at `dir` on disk. */
export function treeFileSystem(dir: string, tree: SkillTree): FileSystem & SyncFileReads {
  const root = resolve(dir);
  const files = new Map<string, TreeFile>();
  const folders = new Map<string, DirEntry[]>([[root, []]]);
  for (const folder of tree.folders) folders.set(join(root, folder), []);
  for (const file of tree.files) files.set(join(root, file.path), file);
  for (const folder of tree.folders) entriesOf(folders, join(root, folder, "..")).push(entry(folder, false));
  for (const file of tree.files) entriesOf(folders, join(root, file.path, "..")).push(entry(file.path, true));

  /** The file or folder at `path`, as a path lookup on disk finds it (`file/` is not a folder). */
  const lookup = (path: string): TreeFile | DirEntry[] => {
    const absolute = files.has(path) || folders.has(path) ? path : resolve(path);
    const file = files.get(absolute);
    if (file && /[\\/]$/.test(path)) throw errno("ENOTDIR", path);
    const found = file ?? folders.get(absolute);
    if (!found) throw errno("ENOENT", path);
    return found;
  };
  const statSync = (path: string): FileStat => {
    const found = lookup(path);
    return Array.isArray(found)
      ? fileStat(false, 0, 0o755) // a folder's size and bits: nothing examined reads them
      : fileStat(true, found.content.length, found.mode);
  };
  const readFileSync = (path: string): Buffer => {
    const found = lookup(path);
    if (Array.isArray(found)) throw notRegularFileError(path, "directory");
    return found.content;
  };
  const readdirSync = (path: string): DirEntry[] => {
    const found = lookup(path);
    if (!Array.isArray(found)) throw errno("ENOTDIR", path);
    return found.map((item) => ({ ...item }));
  };
  const readHeadSync = (path: string, length: number) => readFileSync(path).subarray(0, length);
  const readTextSync = (path: string) => readFileSync(path).toString("utf8");
  const realpathSync = (path: string) => {
    lookup(path);
    return resolve(path);
  };
  const readOnly = async (): Promise<never> => {
    throw errno("EROFS", dir);
  };
  const later =
    <A extends unknown[], R>(method: (...args: A) => R) =>
    async (...args: A): Promise<R> =>
      method(...args);
  return {
    readFile: later(readFileSync),
    readText: later(readTextSync),
    readHead: later(readHeadSync),
    stat: later(statSync),
    lstat: later(statSync),
    readdir: later(readdirSync),
    realpath: later(realpathSync),
    exists: async (path) => {
      const absolute = files.has(path) || folders.has(path) ? path : resolve(path);
      return files.has(absolute) ? !/[\\/]$/.test(path) : folders.has(absolute);
    },
    writeFile: readOnly,
    mkdir: readOnly,
    rename: readOnly,
    rm: readOnly,
    readdirSync,
    statSync,
    readHeadSync,
    readFileSync,
    readTextSync,
    readHeadWithStatSync: (path, length) => {
      const stat = statSync(path);
      return { stat, bytes: stat.isFile ? readHeadSync(path, length) : new Uint8Array(0) };
    },
    lstatSync: statSync,
    realpathSync,
  };
}

function entriesOf(folders: Map<string, DirEntry[]>, folder: string): DirEntry[] {
  const entries = folders.get(folder);
  if (!entries) throw new Error(`${folder} is not a folder of the tree`);
  return entries;
}

function entry(path: string, isFile: boolean): DirEntry {
  return { name: path.split("/").pop()!, isFile, isDirectory: !isFile, isSymbolicLink: false };
}

function fileStat(isFile: boolean, size: number, mode: number): FileStat {
  return {
    kind: isFile ? "file" : "directory",
    isFile,
    isDirectory: !isFile,
    isSymbolicLink: false,
    size,
    mtimeMs: 0,
    ctimeMs: 0,
    ino: 0,
    mode: mode & 0o777,
  };
}

function errno(code: string, path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${path}`);
  error.code = code;
  error.path = path;
  return error;
}
