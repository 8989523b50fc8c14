/**
 * @module `check`: for each locked skill, whether the local copy was edited or is missing, and whether
 * its source changed or is gone. Read-only: nothing is written in the project or HOME (upstream copies
 * are examined in a temp folder) and a corrupt lock is reported, not moved.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import { hasInterruptedCommit } from "../apply/commit-changes.js";
import { copySkillTree } from "../apply/copy-skill-tree.js";
import { skillDigests } from "../digest/hash-skill-folder.js";
import { vercelCopyIntegrity } from "../digest/vercel-copy.js";
import { type InstallLimits, resolveLimits } from "../limits.js";
import { type InstallScope, resolveInstallScope } from "../lock/install-scope.js";
import { readLock } from "../lock/read-lock.js";
import { vercelGlobalLockNote, withNote } from "../lock/vercel-global-lock.js";
import {
  type LocalState,
  localState,
  matchesEntry,
  settleLocalState,
  withAgentPlaces,
} from "./local-state.js";
import { fetchGroup, findLockedSkill, groupBySource } from "./locked-source.js";

export type UpstreamState = "current" | "changed" | "gone" | "unreachable";

export interface CheckRow {
  name: string;
  source: string;
  local: LocalState;
  upstream: UpstreamState;
  /** Why upstream is gone or unreachable. */
  detail?: string;
}

export interface CheckResult {
  scope: InstallScope;
  rows: CheckRow[];
  /** With no rows in the user scope: where vercel's CLI records the person's skills, if it does. */
  note?: string;
  /** An interrupted update is waiting to be rolled back by the next change. */
  interrupted: boolean;
}

export async function checkSkills(options: {
  cwd: string;
  env: Record<string, string | undefined>;
  global?: boolean;
  names?: string[];
  limits?: Partial<InstallLimits>;
  /** Aborted when the person interrupts: fetching stops, nothing is changed. */
  signal?: AbortSignal;
  progress?: (message: string) => void;
}): Promise<CheckResult> {
  const limits = resolveLimits(options.limits);
  const scope = await resolveInstallScope(options);
  const lock = await readLock(scope.lockPath, { place: scope });
  // As `update` and `install` do: a name not in the lock is a mistake to report, not an empty result.
  const unknown = (options.names ?? []).filter((name) => !Object.hasOwn(lock.skills, name));
  if (unknown.length > 0)
    throw new SkillsetError(
      "install-not-installed",
      withNote(
        `Not in ${scope.lockPath}: ${unknown.join(", ")}. Give names it records, or none to check every skill.`,
        await vercelGlobalLockNote(scope, options.env, unknown),
      ),
    );
  const entries = Object.entries(lock.skills).filter(
    ([name]) => !options.names?.length || options.names.includes(name),
  );
  const rows = new Map<string, CheckRow>();
  for (const [name, entry] of entries)
    rows.set(name, {
      name,
      source: entry.source,
      local: await withAgentPlaces(
        await localState(name, entry, scope, options.env),
        name,
        entry,
        scope,
        options.env,
      ),
      upstream: "current",
    });
  const scratch = await mkdtemp(join(options.env.TMPDIR ?? tmpdir(), "skillset-check-"));
  let copies = 0;
  try {
    for (const group of groupBySource(entries, scope, options.env, false)) {
      const { fetched, error } = await fetchGroup(group, {
        limits,
        lockPath: scope.lockPath,
        ...(options.signal ? { signal: options.signal } : {}),
        env: options.env,
        ...(options.progress ? { progress: options.progress } : {}),
      });
      for (const name of group.names) {
        const row = rows.get(name)!;
        if (!fetched) {
          // A source type skillset cannot fetch (vercel's `node_modules`), or one it refuses to read (a
          // folder outside the project the person never added from), is not gone: it is out of reach.
          row.upstream =
            error?.code === "install-unreachable" ||
            error?.code === "install-unknown-source" ||
            error?.code === "install-source-refused"
              ? "unreachable"
              : "gone";
          row.detail = error?.message ?? "";
          continue;
        }
        const skill = findLockedSkill(fetched, name, lock.skills[name]!);
        if (!skill) {
          row.upstream = "gone";
          row.detail = `${fetched.spec.source} no longer has a skill named ${name}.`;
          continue;
        }
        // Each row gets its own folder in the scratch area (two keys may name one folder: `A`, `a`).
        const copy = join(scratch, String(copies++));
        try {
          const { files } = copySkillTree(skill.dir, copy, limits, `skill ${name}`);
          const entry = lock.skills[name]!;
          const digests = skillDigests(files);
          row.upstream = matchesEntry(digests, entry) ? "current" : "changed";
          row.local = await settleLocalState(row.local, name, entry, scope, options.env, {
            computedHash: digests.computedHash,
            vercelCopyIntegrity: vercelCopyIntegrity(files, digests.integrity),
          });
        } catch (failure) {
          row.upstream = "changed";
          row.detail = (failure as Error).message;
        }
      }
      await fetched?.dispose();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const note = rows.size === 0 ? await vercelGlobalLockNote(scope, options.env) : undefined;
  return {
    scope,
    rows: [...rows.values()],
    interrupted: await hasInterruptedCommit(scope),
    ...(note ? { note } : {}),
  };
}
