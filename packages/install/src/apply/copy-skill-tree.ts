/**
 * @module Copies one skill folder out of a fetched source into the staging area, refusing anything that
 * could reach outside it (SPEC §14, §15): every entry is examined with `lstat`, never followed blindly.
 */
import { constants } from "node:fs";
import { copyFile, lstat, mkdir, readdir, readlink, realpath, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { mapConcurrently } from "@skillset/core/fs";
import { SkillsetError } from "@skillset/core/model";
import { UNHASHED_FOLDERS } from "../digest/list-hashed-files.js";
import { type InstallLimits, LimitCounter } from "../limits.js";
import { safeRelativePath } from "./safe-relative-path.js";

/**
 * Copies `source` (a skill folder) to `target` (which must not exist): regular files and folders only.
 * A symbolic link whose target is a regular file inside the skill is copied as that file; any other link
 * (out of the skill, to a folder, dangling), device, FIFO or socket refuses the whole skill with
 * `install-unsafe-entry`. `.git` and `node_modules` are left out. Bounded by `limits`.
 */
export async function copySkillTree(
  source: string,
  target: string,
  limits: InstallLimits,
  label: string,
): Promise<void> {
  const top = await lstat(source);
  if (top.isSymbolicLink())
    throw unsafe(label, ".", "the skill folder itself is a symbolic link; only real folders are installed");
  const root = await realpath(source);
  const counter = new LimitCounter(limits, label);
  const files: Array<{ from: string; to: string }> = [];
  const folders: string[] = [target];

  const visit = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder)) {
      const path = join(folder, entry);
      const shown = relative(root, path).split(sep).join("/");
      safeRelativePath(shown, label);
      const info = await lstat(path);
      if (info.isDirectory()) {
        if (UNHASHED_FOLDERS.has(entry)) continue;
        folders.push(join(target, relative(root, path)));
        await visit(path);
      } else if (info.isFile()) {
        counter.addFile(shown, info.size);
        files.push({ from: path, to: join(target, relative(root, path)) });
      } else if (info.isSymbolicLink()) {
        const resolved = await linkTarget(root, path, label, shown);
        counter.addFile(shown, (await stat(resolved)).size);
        files.push({ from: resolved, to: join(target, relative(root, path)) });
      } else {
        throw unsafe(
          label,
          shown,
          `${kindOf(info)} is not a regular file; skills hold only files and folders`,
        );
      }
    }
  };
  await visit(root);
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await mapConcurrently(files, 16, (file) => copyFile(file.from, file.to, constants.COPYFILE_EXCL));
}

/** The real path a link points to, when it is a regular file inside the skill; else throws. */
async function linkTarget(root: string, path: string, label: string, shown: string): Promise<string> {
  const pointsTo = await readlink(path);
  let resolved: string;
  try {
    resolved = await realpath(resolve(dirname(path), pointsTo));
  } catch {
    throw unsafe(label, shown, `a symbolic link to ${JSON.stringify(pointsTo)}, which does not exist`);
  }
  if (resolved !== root && !resolved.startsWith(root + sep))
    throw unsafe(label, shown, `a symbolic link to ${JSON.stringify(pointsTo)}, outside the skill`);
  if (!(await stat(resolved)).isFile())
    throw unsafe(label, shown, `a symbolic link to ${JSON.stringify(pointsTo)}, which is not a regular file`);
  return resolved;
}

function kindOf(info: { isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean }): string {
  if (info.isFIFO()) return "a FIFO";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice()) return "a character device";
  return "a block device";
}

function unsafe(label: string, path: string, reason: string): SkillsetError {
  return new SkillsetError(
    "install-unsafe-entry",
    `Refused ${label}: ${path}: ${reason}. Nothing was installed.`,
  );
}
