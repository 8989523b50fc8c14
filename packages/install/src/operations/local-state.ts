/**
 * @module How an installed copy compares with its lock entry: missing, edited since install, or intact.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { checkedWritePath } from "../apply/checked-write-path.js";
import { hashSkillFolder } from "../digest/hash-skill-folder.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { skillFolder } from "../lock/skill-folder-name.js";

export type LocalState = "intact" | "edited" | "missing";

/** Compares with `integrity`, or `computedHash` for entries written by vercel's CLI. */
export async function localState(name: string, entry: LockEntry, scope: InstallScope): Promise<LocalState> {
  // A committed link at the skill folder (or above it) to the person's files is refused, not hashed.
  const dir = checkedWritePath(
    skillFolder(scope.skillsDir, name, `recorded in ${scope.lockPath}`),
    scope.writeRoots,
  );
  if (
    !(await access(join(dir, "SKILL.md")).then(
      () => true,
      () => false,
    ))
  )
    return "missing";
  const digests = await hashSkillFolder(dir);
  return matchesEntry(digests, entry) ? "intact" : "edited";
}

/** Whether digests match the entry (`integrity` when recorded, else `computedHash`). */
export function matchesEntry(
  digests: { computedHash: string; integrity: string },
  entry: LockEntry,
): boolean {
  return entry.integrity
    ? digests.integrity === entry.integrity
    : digests.computedHash === entry.computedHash;
}
