/**
 * @module How an installed copy compares with its lock entry: missing, edited since install, or intact —
 * or, for an entry written by vercel's CLI, unverified until its source is at hand.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { checkedWritePath } from "../apply/checked-write-path.js";
import { hashSkillFolder } from "../digest/hash-skill-folder.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { skillFolder } from "../lock/skill-folder-name.js";

/**
 * `unverified`: the entry has no `integrity` (vercel's CLI wrote it) and the copy's `computedHash` differs
 * from the lock's. That alone proves nothing: vercel hashes the *source* with links skipped, while its copy
 * follows links and leaves `metadata.json` out. `settleLocalState` decides with the source.
 */
export type LocalState = "intact" | "edited" | "missing" | "unverified";

/** Compares with `integrity`, or `computedHash` for entries written by vercel's CLI (like with like). */
export async function localState(name: string, entry: LockEntry, scope: InstallScope): Promise<LocalState> {
  const dir = installedFolder(name, scope);
  if (
    !(await access(join(dir, "SKILL.md")).then(
      () => true,
      () => false,
    ))
  )
    return "missing";
  const digests = await hashSkillFolder(dir);
  if (entry.integrity) return digests.integrity === entry.integrity ? "intact" : "edited";
  return digests.computedHash === entry.computedHash ? "intact" : "unverified";
}

/**
 * An `unverified` copy judged against its source fetched again (`upstream`: its digests, and what vercel's
 * copy of it holds): when the source is still the one the lock names (same `computedHash`), the copy is
 * intact if it holds exactly what vercel's CLI copies from it, else edited; when the source moved on, the
 * copy stays unverified. Any other state is returned as it is.
 */
export async function settleLocalState(
  state: LocalState,
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  upstream: { computedHash: string; vercelCopyIntegrity: string },
): Promise<LocalState> {
  if (state !== "unverified" || upstream.computedHash !== entry.computedHash) return state;
  const { integrity } = await hashSkillFolder(installedFolder(name, scope));
  return integrity === upstream.vercelCopyIntegrity ? "intact" : "edited";
}

/** Whether digests match the entry: `integrity` when the entry has it, else `computedHash`. */
export function matchesEntry(
  digests: { computedHash: string; integrity: string },
  entry: LockEntry,
): boolean {
  return entry.integrity
    ? digests.integrity === entry.integrity
    : digests.computedHash === entry.computedHash;
}

/**
 * Whether two entries record the same skill, comparing like with like: `integrity` when both have it,
 * else `computedHash` (an entry written by vercel's CLI has only that).
 */
export function sameDigests(previous: LockEntry, next: LockEntry): boolean {
  return previous.integrity && next.integrity
    ? previous.integrity === next.integrity
    : previous.computedHash === next.computedHash;
}

/** The installed copy's folder; a committed link at it (or above it) to the person's files is refused. */
function installedFolder(name: string, scope: InstallScope): string {
  return checkedWritePath(
    skillFolder(scope.skillsDir, name, `recorded in ${scope.lockPath}`),
    scope.writeRoots,
  );
}
