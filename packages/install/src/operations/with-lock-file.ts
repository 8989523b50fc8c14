/**
 * @module The one way an operation changes `skills-lock.json` and the skill folders: under the lock file's
 * cross-process lock, after finishing or undoing a commit a crash interrupted, from the lock as it is now.
 */
import { type AssertLockHeld, withFileLock } from "@skillset/core/state";
import { commitChanges, recoverInterrupted } from "../apply/commit-changes.js";
import type { InstallScope } from "../lock/install-scope.js";
import { type LockFile, renderLock } from "../lock/lock-file.js";
import { readLock } from "../lock/read-lock.js";
import type { Candidate } from "./stage-candidates.js";

/**
 * Runs `task` with the scope's lock file held and read (a corrupt one is moved aside, never lost).
 * `assertHeld`: called right before committing (see `AssertLockHeld`).
 */
export function withLockFile<T>(
  scope: InstallScope,
  task: (lock: LockFile, assertHeld: AssertLockHeld) => Promise<T>,
): Promise<T> {
  return withFileLock(scope.lockPath, async (assertHeld) => {
    await recoverInterrupted(scope);
    return task(await readLock(scope.lockPath, { moveAsideWhenCorrupt: true, place: scope }), assertHeld);
  });
}

/** Puts the staged candidates in place and their entries in `lock`, as one journalled commit. */
export async function commitCandidates(
  scope: InstallScope,
  lock: LockFile,
  candidates: readonly Candidate[],
  assertHeld: AssertLockHeld,
): Promise<void> {
  await assertHeld();
  for (const candidate of candidates) {
    // Another tool's fields in the entry stay while the skill comes from the same source (SPEC §14).
    const previous = lock.skills[candidate.name];
    const keep =
      previous?.otherFields && !candidate.entry.otherFields && previous.source === candidate.entry.source;
    lock.skills[candidate.name] = keep
      ? { ...candidate.entry, otherFields: previous.otherFields }
      : candidate.entry;
  }
  await commitChanges(
    scope,
    candidates.map((candidate) => ({ target: candidate.target, staged: candidate.staged })),
    renderLock(lock),
  );
}
