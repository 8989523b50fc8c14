/**
 * @module A lock across processes (SPEC §6), so that concurrent CLI and server processes never lose an
 * update: `proper-lockfile` creates `<path>.lock` with `mkdir` (atomic everywhere) and keeps it fresh.
 * It is imported on first use: through `signal-exit` it installs signal handlers and patches
 * `process.emit` when loaded, which a host that never locks anything must not pay for.
 */
import { lstat, mkdir, readdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { SkillsetError } from "../model/errors.js";

/** How long to wait and when a lock counts as abandoned. */
export interface FileLockOptions {
  /**
   * Give up (`state-locked`) after waiting this long for another process's lock. Default 20 s: more than
   * enough for dozens of writers. Any other failure is thrown at once.
   */
  timeoutMs?: number;
  /** A lock not refreshed for this long belongs to a dead process and is taken over. Default 10 s. */
  staleMs?: number;
}

/**
 * Starts loading the lock library now, for a caller that will lock soon and has time to spare meanwhile
 * (`add` while git clones). Loading it installs its signal handlers, so only a caller about to lock does.
 */
export function preloadFileLock(): void {
  loadLockLibrary().catch(() => {}); // a failure to load shows where the lock is taken
}

let lockLibrary: Promise<typeof import("proper-lockfile")> | undefined;
function loadLockLibrary(): Promise<typeof import("proper-lockfile")> {
  lockLibrary ??= import("proper-lockfile").then((module) => module.default);
  return lockLibrary;
}

// In-process queue per path: callers in one process wait in memory instead of polling the lock folder.
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` while holding the lock on `path` (the folder `<path>.lock`; `path` itself need not exist,
 * its parent folder is created). Waits with randomised backoff, takes over stale locks, and always
 * releases. Not re-entrant: do not take the same lock again inside `fn`.
 * Only a lock held by another process is waited for: throws `SkillsetError` code `state-locked` when that
 * wait times out, `state-lock-failed` at once when the lock cannot be created (a folder that may not be
 * written, a read-only file system, a file in the way), and `state-lock-compromised` when another process
 * took the lock over during `fn`.
 */
/**
 * Resolves while this process still holds the lock; else throws `state-lock-compromised`. Call it right
 * before the write a critical section exists for: a process paused past the stale timeout (Ctrl-Z, a
 * sleeping laptop, a debugger) finds its lock taken over and writes nothing, instead of overwriting what
 * the process that took over wrote.
 */
export type AssertLockHeld = () => Promise<void>;

export async function withFileLock<T>(
  path: string,
  fn: (assertHeld: AssertLockHeld) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const key = resolve(path);
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(() => lockAndRun(key, fn, options));
  const tail = run.catch(() => {});
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

async function lockAndRun<T>(
  path: string,
  fn: (assertHeld: AssertLockHeld) => Promise<T>,
  options: FileLockOptions,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const lockPath = `${path}.lock`;
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  let lockfile: Awaited<ReturnType<typeof loadLockLibrary>>;
  try {
    await mkdir(dirname(path), { recursive: true });
    lockfile = await loadLockLibrary();
  } catch (error) {
    throw lockFailed(path, error);
  }
  const deadline = Date.now() + timeoutMs;
  let delayMs = 5;
  for (;;) {
    try {
      // One attempt at a time: the library would retry every error, but only a lock held by another
      // process (ELOCKED) goes away by waiting; a folder that cannot be written fails at once.
      release = await lockfile.lock(path, {
        realpath: false,
        stale: options.staleMs ?? 10_000,
        // Refreshed every second (not every half stale time): a process that resumes after a pause learns
        // within a second that its lock was taken over (see `lost` below).
        update: Math.min(1_000, (options.staleMs ?? 10_000) / 2),
        retries: 0,
        onCompromised: (error) => {
          compromised = error;
        },
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw lockFailed(path, error);
      // A lock of ours is an empty folder; anything else at its place (committed with a clone, say) never
      // goes away by waiting.
      const foreign = await foreignLock(lockPath);
      if (foreign !== undefined)
        throw new SkillsetError(
          "state-lock-failed",
          `Cannot create the lock ${lockPath}: ${foreign}, which no skillset process made (it may have come with a clone). Delete it and run the command again; nothing was changed.`,
          { path },
        );
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new SkillsetError(
          "state-locked",
          `Timed out after ${timeoutMs} ms waiting for the lock on ${path} (held in ${lockPath}). ` +
            `If no skillset process is running, delete ${lockPath} and try again.`,
          { path, cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, delayMs * (0.5 + Math.random()))));
      delayMs = Math.min(delayMs * 1.5, 100);
    }
  }
  const takenOver = (why: string) =>
    new SkillsetError(
      "state-lock-compromised",
      `The lock on ${path} was taken over by another process while in use (${why}). ` +
        "Check the result and retry; this happens when a process is paused longer than the stale timeout.",
      { path, ...(compromised ? { cause: compromised } : {}) },
    );
  // The lock folder as this process made it: one made again by a process that took the lock over has
  // another inode or birth time (this process's refreshes change only its mtime).
  const made = await lstat(lockPath).catch(() => undefined);
  let lost = false;
  const assertHeld: AssertLockHeld = async () => {
    if (compromised) throw takenOver(compromised.message);
    const now = await lstat(lockPath).catch(() => undefined);
    if (!made || !now || now.ino !== made.ino || now.birthtimeMs !== made.birthtimeMs) {
      lost = true; // the folder is the other process's now: not ours to remove on release
      throw takenOver("its lock folder was removed or made again; nothing was written");
    }
  };
  try {
    const result = await fn(assertHeld);
    if (compromised) throw takenOver(compromised.message);
    return result;
  } finally {
    if (!lost) await release().catch(() => {});
    else {
      // Not released: that would remove the other process's lock folder. The library learns of the
      // takeover at its next refresh and forgets the lock; until then its exit handler would remove the
      // folder too, so this waits for that (about a second, on a path only a long pause leads to).
      for (let waited = 0; compromised === undefined && waited < 3_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** What is at `lockPath` when it is not a lock a process holds (an empty folder), or undefined. */
async function foreignLock(lockPath: string): Promise<string | undefined> {
  try {
    const info = await lstat(lockPath);
    if (info.isSymbolicLink()) return "it is a symbolic link";
    if (!info.isDirectory()) return "it is a file";
    return (await readdir(lockPath)).length > 0 ? "it is a folder with files in it" : undefined;
  } catch {
    return undefined; // released meanwhile: the next attempt takes it
  }
}

/** `state-lock-failed`: what stopped the lock folder `<path>.lock` (or its parent) from being made, and the fix. */
function lockFailed(path: string, error: unknown): SkillsetError {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = dirname(path);
  const why =
    code === "EACCES" || code === "EPERM"
      ? `you may not write in ${folder}. Give your user write permission on that folder, or fix the path`
      : code === "EROFS"
        ? `${folder} is on a read-only file system. Use a folder on a writable one`
        : code === "ENOTDIR" || code === "EEXIST" || code === "ENOENT"
          ? `${folder} is not a folder (a file is in its way, or it was removed meanwhile). ` +
            "Remove or move what is in the way, or fix the path"
          : code === "ENAMETOOLONG"
            ? "the path is too long for the file system. Use a shorter path"
            : `${(error as Error).message}. Check that ${folder} is a writable folder`;
  return new SkillsetError("state-lock-failed", `Cannot create the lock ${path}.lock: ${why}.`, {
    path,
    cause: error,
  });
}
