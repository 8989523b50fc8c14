/**
 * @module A lock across processes (SPEC §6), so that concurrent CLI and server processes never lose an
 * update: `proper-lockfile` creates `<path>.lock` with `mkdir` (atomic everywhere) and keeps it fresh.
 * It is imported on first use: through `signal-exit` it installs signal handlers and patches
 * `process.emit` when loaded, which a host that never locks anything must not pay for.
 */
import { mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { SkillsetError } from "../model/errors.js";

/** How long to wait and when a lock counts as abandoned. */
export interface FileLockOptions {
  /** Give up (`state-locked`) after this long. Default 20 s: more than enough for dozens of writers. */
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
 * Throws `SkillsetError` code `state-locked` when the wait times out, `state-lock-failed` when the lock
 * cannot be created, and `state-lock-compromised` when another process took the lock over during `fn`.
 */
export async function withFileLock<T>(
  path: string,
  fn: () => Promise<T>,
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

async function lockAndRun<T>(path: string, fn: () => Promise<T>, options: FileLockOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const lockPath = `${path}.lock`;
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  try {
    await mkdir(dirname(path), { recursive: true });
    const lockfile = await loadLockLibrary();
    release = await lockfile.lock(path, {
      realpath: false,
      stale: options.staleMs ?? 10_000,
      retries: {
        retries: 10_000,
        minTimeout: 5,
        maxTimeout: 100,
        factor: 1.5,
        randomize: true,
        maxRetryTime: timeoutMs,
      },
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new SkillsetError(
        "state-locked",
        `Timed out after ${timeoutMs} ms waiting for the lock on ${path} (held in ${lockPath}). ` +
          `If no skillset process is running, delete ${lockPath} and try again.`,
        { path, cause: error },
      );
    }
    throw new SkillsetError(
      "state-lock-failed",
      `Cannot create the lock ${lockPath}: ${(error as Error).message}. Check that the folder is writable.`,
      { path, cause: error },
    );
  }
  try {
    const result = await fn();
    if (compromised) {
      throw new SkillsetError(
        "state-lock-compromised",
        `The lock on ${path} was taken over by another process while in use (${compromised.message}). ` +
          "Check the result and retry; this happens when a process is paused longer than the stale timeout.",
        { path, cause: compromised },
      );
    }
    return result;
  } finally {
    await release().catch(() => {});
  }
}
