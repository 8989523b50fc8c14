/**
 * @module Puts staged skill folders in place and writes the lock so that disk and lock always agree, even
 * when the process is killed at any instant (SPEC §14, §15).
 *
 * A journal in the staging area records the old lock text and each swap before anything moves. Then each
 * old folder is renamed into the staging area, each staged one renamed into place, the new lock written
 * atomically, and the journal deleted: that deletion is the commit point. `recoverInterrupted` (run under
 * the state lock before every change) rolls an unfinished commit back to the old folders and the old lock.
 */
import { randomBytes } from "node:crypto";
import { existsSync, renameSync } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, rmdir, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "@skillset/core/state";
import type { InstallScope } from "../lock/install-scope.js";
import { assertFolderName } from "../lock/skill-folder-name.js";

/** One folder change: `staged` replaces (or creates) `target`; without `staged`, `target` is removed. */
export interface FolderSwap {
  target: string;
  staged?: string;
}

interface Journal {
  lockPath: string;
  /** The lock's text before the change; null when there was none. */
  oldLock: string | null;
  swaps: Array<{ target: string; previous: string; staged?: string }>;
}

const JOURNAL = "journal.json";

/**
 * A fresh path `<staging>/staged-<pid>-<random>/<name>` for a skill being copied in (the folder keeps the
 * skill's name, which strict validation checks). Remove it with `discardStaged`.
 */
export async function stagingFolder(scope: InstallScope, name: string): Promise<string> {
  assertFolderName(name, "staging");
  return join(await stagingContainer(scope), name);
}

/**
 * A fresh, empty `<staging>/staged-<pid>-<random>` folder: skills with different names can be staged side
 * by side in it (`discardStaged` of any of them removes them all).
 */
export async function stagingContainer(scope: InstallScope): Promise<string> {
  const container = join(scope.stagingDir, `staged-${process.pid}-${randomBytes(4).toString("hex")}`);
  await mkdir(container, { recursive: true });
  return container;
}

/** Removes a staging container (see `stagingContainer`) with every skill staged in it, none committed. */
export async function discardStaged(container: string): Promise<void> {
  await rm(container, { recursive: true, force: true });
  // The staging area, then `.agents` itself, when this left them empty: a refused install leaves no trace.
  await rmdir(dirname(container)).catch(() => {});
  await rmdir(dirname(dirname(container))).catch(() => {});
}

/**
 * Applies `swaps` and writes `lockText` as one recoverable step. Call under the scope's state lock.
 * `afterStep` is called after each durable step (for tests that stop the commit there, as a kill would).
 */
export async function commitChanges(
  scope: InstallScope,
  swaps: readonly FolderSwap[],
  lockText: string,
  afterStep: (step: string) => void = () => {},
): Promise<void> {
  await mkdir(scope.stagingDir, { recursive: true });
  await mkdir(scope.skillsDir, { recursive: true });
  const journal: Journal = {
    lockPath: scope.lockPath,
    oldLock: await readFile(scope.lockPath, "utf8").catch(() => null),
    swaps: swaps.map((swap) => ({
      ...swap,
      previous: join(scope.stagingDir, `previous-${randomBytes(6).toString("hex")}`),
    })),
  };
  const journalPath = join(scope.stagingDir, JOURNAL);
  await writeFileAtomic(journalPath, JSON.stringify(journal));
  afterStep("journal written");
  // Synchronous: one rename costs less than the promise and thread-pool round trip around it, and an
  // `add --all` makes hundreds of them.
  for (const swap of journal.swaps) {
    if (existsSync(swap.target)) renameSync(swap.target, swap.previous);
    afterStep(`${swap.target} moved aside`);
    if (swap.staged) renameSync(swap.staged, swap.target);
    afterStep(`${swap.target} moved in`);
  }
  await writeFileAtomic(scope.lockPath, lockText);
  afterStep("lock written");
  await unlink(journalPath);
  afterStep("committed");
  // The staged folders' containers are empty now; without them the staging area can go too.
  for (const container of new Set(
    journal.swaps.flatMap((swap) => (swap.staged ? [dirname(swap.staged)] : [])),
  ))
    await rmdir(container).catch(() => {});
  await clearStaging(scope);
}

/**
 * Finishes what a killed process left: with a journal, restores every old folder and the old lock; then
 * empties the staging area. Returns whether a rollback happened. Call under the scope's state lock.
 */
export async function recoverInterrupted(scope: InstallScope): Promise<boolean> {
  const journalPath = join(scope.stagingDir, JOURNAL);
  let journal: Journal | undefined;
  try {
    journal = JSON.parse(await readFile(journalPath, "utf8")) as Journal;
  } catch {
    journal = undefined;
  }
  if (journal) {
    for (const swap of [...journal.swaps].reverse()) {
      if (await exists(swap.previous)) {
        await rm(swap.target, { recursive: true, force: true });
        await rename(swap.previous, swap.target);
      } else if (swap.staged && !(await exists(swap.staged))) {
        // The staged folder moved in but there was no old one: the target is new, so it goes.
        await rm(swap.target, { recursive: true, force: true });
      }
    }
    // Staged copies of the interrupted commit are not wanted any more, whoever staged them.
    for (const swap of journal.swaps)
      if (swap.staged) await rm(dirname(swap.staged), { recursive: true, force: true });
    if (journal.oldLock === null) await rm(journal.lockPath, { force: true });
    else await writeFileAtomic(journal.lockPath, journal.oldLock);
    await unlink(journalPath);
  }
  await clearStaging(scope);
  return journal !== undefined;
}

/** Whether a commit was interrupted (a journal is waiting): read-only, for `check`. */
export async function hasInterruptedCommit(scope: InstallScope): Promise<boolean> {
  return exists(join(scope.stagingDir, JOURNAL));
}

/**
 * Removes what no running process needs: old folders left after a commit point, and staged folders of
 * processes that are gone (a live process stages before it takes the lock, so its folders stay).
 */
async function clearStaging(scope: InstallScope): Promise<void> {
  const entries = await readdir(scope.stagingDir).catch(() => [] as string[]);
  const stale = entries.filter((entry) => {
    const owner = /^staged-(\d+)-/.exec(entry)?.[1];
    return owner === undefined ? entry !== JOURNAL : !isAlive(Number(owner));
  });
  await Promise.all(
    stale.map((entry) => rm(join(scope.stagingDir, entry), { recursive: true, force: true })),
  );
  await rmdir(scope.stagingDir).catch(() => {});
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
