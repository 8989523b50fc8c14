/**
 * @module `remove`: takes skills out of the install folder, the agents' folders and the lock, as one
 * recoverable step.
 */
import { SkillsetError } from "@skillset/core/model";
import { commitChanges } from "../apply/commit-changes.js";
import { checkAgentPlaces, unlinkAgents } from "../apply/link-agents.js";
import { type InstallScope, resolveInstallScope } from "../lock/install-scope.js";
import { renderLock } from "../lock/lock-file.js";
import { lockedSkillFolder } from "../lock/skill-folder-name.js";
import { vercelGlobalLockNote, withNote } from "../lock/vercel-global-lock.js";
import { unrecordedCopies } from "./local-state.js";
import { withLockFile } from "./with-lock-file.js";

/** Removes `names`; throws `install-not-installed` (nothing changed) when one is not in the lock. */
export async function removeSkills(options: {
  names: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  global?: boolean;
}): Promise<{ scope: InstallScope; removed: string[] }> {
  const scope = await resolveInstallScope(options);
  return withLockFile(scope, async (lock, assertHeld) => {
    const missing = options.names.filter((name) => !lock.skills[name]);
    if (missing.length > 0)
      throw new SkillsetError(
        "install-not-installed",
        withNote(
          `Not installed by skillset in this scope: ${missing.join(", ")} (not in ${scope.lockPath}). Nothing was removed.`,
          await vercelGlobalLockNote(scope, options.env, missing),
        ),
      );
    // The agents' links and copies the lock records, and identical copies it does not (vercel's
    // `add --copy` makes them): left behind, they would keep the skill in use.
    const agents = new Map<string, string[]>();
    for (const name of options.names) {
      const entry = lock.skills[name]!;
      agents.set(name, [
        ...(entry.agents ?? []),
        ...(await unrecordedCopies(name, entry, scope, options.env)),
      ]);
    }
    for (const [name, list] of agents) checkAgentPlaces(name, list, scope, options.env);
    // The agents' places go first: a command killed after that leaves the skill installed and recorded
    // (`install` puts its links back, `remove` again finishes); the other way round it left links and
    // copies in use with nothing recording them.
    await assertHeld();
    for (const [name, list] of agents) await unlinkAgents(name, list, scope, options.env);
    for (const name of options.names) delete lock.skills[name];
    await commitChanges(
      scope,
      options.names.map((name) => ({
        target: lockedSkillFolder(scope.skillsDir, name),
      })),
      renderLock(lock),
    );
    return { scope, removed: options.names };
  });
}
