/**
 * @module Reads a scope's lock. A lock arrives with a clone, so it is read as untrusted input (SPEC §15):
 * only a regular file (a FIFO is refused, never waited on), at most `MAX_LOCK_BYTES`, never through a link
 * that leads out of the scope's folders, and no error ever echoes its text. A lock that cannot be parsed
 * is never overwritten: read-only commands report it; writing commands first move it aside
 * (`skills-lock.json.corrupt-<time>`) so nothing is lost.
 */
import { constants } from "node:fs";
import { open, rename } from "node:fs/promises";
import { describeKind, fileKind } from "@skillset/core/fs";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import { checkedWritePath } from "../apply/checked-write-path.js";
import { emptyLock, type LockFile, parseLock } from "./lock-file.js";

/** Most bytes a lock may hold (a lock of thousands of skills is well under 2 MiB). */
export const MAX_LOCK_BYTES = 8 * 1024 * 1024;

/** Where a lock may be read from: the folders its scope writes to (see `InstallScope.writeRoots`). */
export interface LockPlace {
  writeRoots: readonly string[];
}

/**
 * The lock at `path` (empty when absent); throws `install-lock-corrupt` when it cannot be parsed, and
 * `install-lock-unreadable` when it is not a regular file or is too large. With `place`, a link at `path`
 * (or above it) leading out of the scope's folders is refused (`install-link-outside`) before anything is
 * read.
 */
export async function readLock(
  path: string,
  options: { moveAsideWhenCorrupt?: boolean; place?: LockPlace } = {},
): Promise<LockFile> {
  const text = await readLockText(path, options.place);
  if (text === null) return emptyLock();
  const { lock, problem } = parseLock(text);
  if (lock) return lock;
  if (!options.moveAsideWhenCorrupt)
    throw new SkillsetError(
      "install-lock-corrupt",
      `${inertForTerminal(path)} is not a valid lock file: ${problem}. Fix it by hand, or run \`skillset add\` or \`skillset install\`, which move it aside first.`,
      { path },
    );
  const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  if (options.place) {
    checkedWritePath(path, options.place.writeRoots);
    checkedWritePath(aside, options.place.writeRoots);
  }
  await rename(path, aside);
  throw new SkillsetError(
    "install-lock-corrupt",
    `${inertForTerminal(path)} is not a valid lock file (${problem}); moved it to ${inertForTerminal(aside)} (nothing deleted). Re-add the skills it listed, or repair it and move it back.`,
    { path },
  );
}

/**
 * The lock's text, or null when there is none: the checks of `readLock`, without parsing. Opened
 * non-blocking and checked on the open descriptor, so a FIFO swapped in is refused, never waited on.
 */
export async function readLockText(path: string, place?: LockPlace): Promise<string | null> {
  if (place) checkedWritePath(path, place.writeRoots);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    throw unreadable(
      path,
      code === "EISDIR" ? "it is a folder, not a file" : `it cannot be opened (${code})`,
    );
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw unreadable(path, `it is ${describeKind(fileKind(info))}, not a regular file; it was not read`);
    if (info.size > MAX_LOCK_BYTES)
      throw unreadable(
        path,
        `it is ${info.size} bytes, over the ${MAX_LOCK_BYTES}-byte limit for a lock; it was not read`,
      );
    const content = Buffer.alloc(info.size);
    let total = 0;
    while (total < content.length) {
      const { bytesRead } = await handle.read(content, total, content.length - total, total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return content.subarray(0, total).toString("utf8");
  } finally {
    await handle.close();
  }
}

function unreadable(path: string, why: string): SkillsetError {
  return new SkillsetError(
    "install-lock-unreadable",
    `${inertForTerminal(path)} cannot be used as a lock: ${why}. Replace it with the lock file itself (a regular file), or remove it.`,
    { path },
  );
}
