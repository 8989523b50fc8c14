/**
 * @module Copies one skill folder out of a fetched source into the staging area, refusing anything that
 * could reach outside it (SPEC §14, §15): every entry is examined with `lstat`, never followed blindly.
 *
 * The walk, the reads and the writes are synchronous: a skill is a few small files, and a promise plus a
 * thread-pool round trip per call cost more than the call itself. Each file is read once; the bytes that
 * are written are the ones returned, so the examination judges exactly what is installed without reading
 * the copy back.
 */
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import { UNHASHED_FOLDERS } from "../digest/list-hashed-files.js";
import { type InstallLimits, LimitCounter } from "../limits.js";
import { safeRelativePath } from "./safe-relative-path.js";

/** One file of a copied skill: its `/`-separated path in the skill, its bytes and its permission bits. */
export interface TreeFile {
  path: string;
  content: Buffer;
  mode: number;
  /** A link in the source to a file inside the skill, copied as that file (see `HashedFile.linked`). */
  linked?: boolean;
}

/** What was copied: every file, and every folder (`/`-separated, the skill folder itself left out). */
export interface SkillTree {
  files: TreeFile[];
  folders: string[];
}

/**
 * Copies `source` (a skill folder) to `target` (which must not exist): regular files and folders only.
 * A symbolic link whose target is a regular file inside the skill is copied as that file; any other link
 * (out of the skill, to a folder, dangling), device, FIFO or socket refuses the whole skill with
 * `install-unsafe-entry`. `.git` and `node_modules` are left out. Bounded by `limits`. Every entry is
 * checked before anything is read or written. Returns what it wrote.
 *
 * With `move` (the source is skillset's own temp copy, removed afterwards), a folder that holds nothing to
 * leave out or resolve is renamed to `target` instead: the same files, without writing them again.
 * `afterListing` runs between the walk and the reads (for tests that change the source there).
 */
export function copySkillTree(
  source: string,
  target: string,
  limits: InstallLimits,
  label: string,
  options: { move?: boolean; afterListing?: () => void } = {},
): SkillTree {
  const entries = listSkillEntries(source, limits, label);
  options.afterListing?.();
  const tree: SkillTree = {
    files: entries.files.map((file) => readRegular(file, label)),
    folders: entries.folders,
  };
  if (!(options.move && entries.asIs && moved(source, target))) writeSkillTree(tree, target);
  return tree;
}

/** Renames `source` to `target`; false when they are on different file systems (copy instead). */
function moved(source: string, target: string): boolean {
  try {
    renameSync(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EXDEV") return false;
    throw error;
  }
}

/** Writes `tree` to `target` (which must not exist) with each file's permission bits, as `copyFile` does. */
function writeSkillTree(tree: SkillTree, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const folder of tree.folders) mkdirSync(join(target, folder), { recursive: true });
  for (const file of tree.files) {
    const fd = openSync(
      join(target, file.path),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      file.mode,
    );
    try {
      for (let written = 0; written < file.content.length; )
        written += writeSync(fd, file.content, written, file.content.length - written);
      // The creation mode is narrowed by the umask; copyFile sets the source's bits exactly.
      fchmodSync(fd, file.mode);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * The files to copy (where each is read from) and the folders to create, after every check; `asIs` when
 * the folder holds exactly that (no link to resolve, no folder left out).
 */
function listSkillEntries(
  source: string,
  limits: InstallLimits,
  label: string,
): { files: ListedFile[]; folders: string[]; asIs: boolean } {
  const top = lstatSync(source);
  if (top.isSymbolicLink())
    throw unsafe(label, ".", "the skill folder itself is a symbolic link; only real folders are installed");
  const root = realpathSync.native(source);
  const counter = new LimitCounter(limits, label);
  const files: ListedFile[] = [];
  const folders: string[] = [];
  let asIs = true;

  const visit = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      const shown = prefix + entry;
      safeRelativePath(shown, label);
      const info = lstatSync(path);
      if (info.isDirectory()) {
        if (UNHASHED_FOLDERS.has(entry)) {
          asIs = false;
          continue;
        }
        folders.push(shown);
        visit(path, `${shown}/`);
      } else if (info.isFile()) {
        counter.addFile(shown, info.size);
        files.push({ path: shown, from: path, size: info.size, dev: info.dev, ino: info.ino });
      } else if (info.isSymbolicLink()) {
        const resolved = linkTarget(root, path, label, shown);
        asIs = false;
        const { size, dev, ino } = statSync(resolved);
        counter.addFile(shown, size);
        files.push({ path: shown, from: resolved, size, dev, ino, linked: true });
      } else {
        throw unsafe(
          label,
          shown,
          `${kindOf(info)} is not a regular file; skills hold only files and folders`,
        );
      }
    }
  };
  visit(root, "");
  return { files, folders, asIs };
}

/** A file the walk listed: its path in the skill, where it is read from, and what it was when listed. */
interface ListedFile {
  path: string;
  from: string;
  size: number;
  dev: number;
  ino: number;
  linked?: boolean;
}

/**
 * The bytes and permission bits of the regular file at `from`, opened without following a link and
 * checked on the open descriptor: a FIFO swapped in after the walk is refused, never waited on, and so is
 * any other file than the one listed (a file swapped for a link to `~/.aws/credentials` mid-copy). Read up
 * to `counted`, the size the limits were checked against: a file that grew since is refused, so no limit
 * is passed by a file written to while it is copied.
 */
function readRegular(listed: ListedFile, label: string): TreeFile {
  const { from, path, size: counted } = listed;
  let fd: number;
  try {
    fd = openSync(from, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") throw swapped(label, path);
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile())
      throw unsafe(label, path, `${kindOf(info)} is not a regular file; skills hold only files and folders`);
    if (info.dev !== listed.dev || info.ino !== listed.ino) throw swapped(label, path);
    if (info.size > counted)
      throw unsafe(
        label,
        path,
        `it grew from ${counted} to ${info.size} bytes while it was being copied; run the command again once the source has stopped changing`,
      );
    const content = Buffer.allocUnsafe(info.size);
    let total = 0;
    while (total < content.length) {
      const read = readSync(fd, content, total, content.length - total, total);
      if (read === 0) break;
      total += read;
    }
    return {
      path,
      content: total === content.length ? content : content.subarray(0, total),
      mode: info.mode & 0o7777,
      ...(listed.linked ? { linked: true } : {}),
    };
  } finally {
    closeSync(fd);
  }
}

/** The real path a link points to, when it is a regular file inside the skill; else throws. */
function linkTarget(root: string, path: string, label: string, shown: string): string {
  const pointsTo = readlinkSync(path);
  const outside = () =>
    unsafe(
      label,
      shown,
      `a symbolic link to ${JSON.stringify(pointsTo)}, outside the skill (only a skill's own files are copied: put the file in the skill folder)`,
    );
  // Said first, as written: where a source is fetched as the skill's folder alone, what lies outside it
  // is not there, and "does not exist" would send the person looking for the wrong problem.
  const written = resolve(dirname(path), pointsTo);
  if (!isInside(written, root) && !isInside(written, realpathSync.native(root))) throw outside();
  let resolved: string;
  try {
    resolved = realpathSync.native(written);
  } catch {
    throw unsafe(label, shown, `a symbolic link to ${JSON.stringify(pointsTo)}, which does not exist`);
  }
  if (!isInside(resolved, root)) throw outside();
  if (!statSync(resolved).isFile())
    throw unsafe(label, shown, `a symbolic link to ${JSON.stringify(pointsTo)}, which is not a regular file`);
  return resolved;
}

function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root + sep);
}

function swapped(label: string, path: string): SkillsetError {
  return unsafe(
    label,
    path,
    "it was replaced (by a link or another file) while it was being copied; run the command again once the source has stopped changing",
  );
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return "a FIFO";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isDirectory()) return "a folder";
  return "a block device";
}

function unsafe(label: string, path: string, reason: string): SkillsetError {
  return new SkillsetError(
    "install-unsafe-entry",
    `Refused ${label}: ${path}: ${reason}. Nothing was installed.`,
  );
}
