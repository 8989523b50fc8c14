/**
 * @module `update` and `install` share one shape: fetch each locked skill's source (at its ref for
 * `update`, at the exact commit or URL recorded for `install`), stage and examine it, decide, commit.
 */
import { SkillsetError } from "@skillset/core/model";
import { checkAgentPlaces, linkAgents } from "../apply/link-agents.js";
import { type InstallLimits, resolveLimits } from "../limits.js";
import { type InstallScope, resolveInstallScope } from "../lock/install-scope.js";
import { type LockEntry, sameEntry } from "../lock/lock-file.js";
import { lockedSkillFolder } from "../lock/skill-folder-name.js";
import { vercelGlobalLockNote, withNote } from "../lock/vercel-global-lock.js";
import { checkInterrupted } from "../source/interrupted.js";
import { approveFindings } from "../trust/approve-findings.js";
import type { InstallIo } from "./install-io.js";
import {
  agentPlaces,
  differentAgentCopies,
  editedAgentCopies,
  type LocalState,
  localState,
  matchesEntry,
  sameDigests,
  settleLocalState,
  unrecordedCopies,
} from "./local-state.js";
import { fetchGroup, findLockedSkill, groupBySource } from "./locked-source.js";
import { type Candidate, changesRisk, discardCandidates, stageCandidates } from "./stage-candidates.js";
import { commitCandidates, withLockFile } from "./with-lock-file.js";

export interface RefreshOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  global?: boolean;
  /** Only these skills (default: every one in the lock). */
  names?: string[];
  /** Overwrite local edits. */
  force?: boolean;
  limits?: Partial<InstallLimits>;
  /** Aborted when the person interrupts: fetching stops, nothing is changed. */
  signal?: AbortSignal;
  io: InstallIo;
}

/** What happened to each skill. */
export interface RefreshRow {
  name: string;
  outcome: "installed" | "updated" | "unchanged" | "skipped";
  detail?: string;
}

export interface RefreshResult {
  scope: InstallScope;
  /** With no rows in the user scope: where vercel's CLI records the person's skills, if it does. */
  note?: string;
  rows: RefreshRow[];
  /** Some skills could not be refreshed (their rows say why). */
  failed: boolean;
}

/**
 * `mode: "update"` fetches each source at its ref and installs what changed, after approval.
 * `mode: "install"` restores missing copies from the recorded commit or URL and refuses any whose digest
 * differs from the lock.
 */
export async function refreshFromLock(
  mode: "update" | "install",
  options: RefreshOptions,
): Promise<RefreshResult> {
  const limits = resolveLimits(options.limits);
  const scope = await resolveInstallScope(options);
  const rows: RefreshRow[] = [];
  let failed = false;
  const lockAtStart = await withLockFile(scope, async (lock) => lock);
  const unknown = (options.names ?? []).filter((name) => !lockAtStart.skills[name]);
  if (unknown.length > 0)
    throw new SkillsetError(
      "install-not-installed",
      withNote(
        `Not in ${scope.lockPath}: ${unknown.join(", ")}.`,
        await vercelGlobalLockNote(scope, options.env, unknown),
      ),
    );
  if (Object.keys(lockAtStart.skills).length === 0) {
    const note = await vercelGlobalLockNote(scope, options.env);
    return { scope, rows, failed, ...(note ? { note } : {}) };
  }
  const wanted: Array<[string, LockEntry]> = [];
  // Each copy's state; an `unverified` one (an entry of vercel's CLI) is settled once its source is fetched.
  const states = new Map<string, LocalState>();
  for (const [name, entry] of Object.entries(lockAtStart.skills)) {
    if (options.names?.length && !options.names.includes(name)) continue;
    const state = await localState(name, entry, scope, options.env);
    if (mode === "install" && state === "intact") {
      rows.push(await restoreAgentPlaces(name, entry, scope, options.env));
      continue;
    }
    if (!options.force) {
      const edited =
        state === "edited"
          ? ["edited since it was installed"]
          : (await editedAgentCopies(name, entry, scope, options.env)).map(
              (place) => `its copy at ${place} was edited since it was installed`,
            );
      if (edited.length > 0) {
        rows.push({
          name,
          outcome: "skipped",
          detail: `${edited.join("; ")}; pass --force to overwrite the edits`,
        });
        failed = true;
        continue;
      }
    }
    states.set(name, state);
    wanted.push([name, entry]);
  }
  const candidates: Candidate[] = [];
  try {
    for (const group of groupBySource(wanted, scope, options.env, mode === "install")) {
      const { fetched, error } = await fetchGroup(group, {
        limits,
        lockPath: scope.lockPath,
        ...(options.signal ? { signal: options.signal } : {}),
        env: options.env,
        progress: options.io.progress,
      });
      if (!fetched) {
        for (const name of group.names) rows.push({ name, outcome: "skipped", detail: error?.message ?? "" });
        failed = true;
        continue;
      }
      try {
        for (const name of group.names) {
          const entry = lockAtStart.skills[name]!;
          const skill = findLockedSkill(fetched, name, entry);
          if (!skill) {
            rows.push({
              name,
              outcome: "skipped",
              detail: `${fetched.spec.source} no longer has a skill named ${name}`,
            });
            failed = true;
            continue;
          }
          // A skill the source now has in a form skillset refuses (it fails validation, its name is not
          // a folder name) is this entry's problem alone: reported, and the others go on (SPEC §14).
          const staged = await stageCandidates(fetched, [skill], scope, limits, () => ({
            ...withoutDigests(entry),
            resolved: fetched.spec.type === "local" ? entry.source : fetched.resolved,
          })).catch((error: unknown) => {
            if (!(error instanceof SkillsetError)) throw error;
            rows.push({ name, outcome: "skipped", detail: error.message });
            failed = true;
            return undefined;
          });
          if (!staged) continue;
          const [candidate] = staged;
          candidate!.previous = entry;
          candidate!.name = name;
          candidate!.target = lockedSkillFolder(scope.skillsDir, name);
          const same = matchesEntry(candidate!.examination, entry);
          if (mode === "install" && !same) {
            rows.push({
              name,
              outcome: "skipped",
              detail: `digest mismatch: ${fetched.spec.source} at ${fetched.resolved} gives ${candidate!.entry.integrity}, the lock says ${entry.integrity ?? entry.computedHash}; refused`,
            });
            failed = true;
            await discardCandidates(scope, [candidate!]);
            continue;
          }
          const local = await settleLocalState(
            states.get(name)!,
            name,
            entry,
            scope,
            options.env,
            candidate!.examination,
          );
          const keep = (detail?: string) => {
            rows.push({ name, outcome: detail ? "skipped" : "unchanged", ...(detail ? { detail } : {}) });
            if (detail) failed = true;
            return discardCandidates(scope, [candidate!]);
          };
          if (local === "edited" && !options.force) {
            await keep("edited since it was installed; pass --force to overwrite the edits");
            continue;
          }
          if (local === "unverified" && !options.force) {
            await keep(
              "its copy cannot be verified: the lock has no integrity (vercel's CLI wrote it) and the source no longer has the locked computedHash; pass --force to replace the copy",
            );
            continue;
          }
          if ((mode === "install" || same) && local === "intact") {
            await keep();
            continue;
          }
          candidates.push(candidate!);
        }
      } finally {
        await fetched.dispose();
      }
    }
    if (candidates.length === 0) return { scope, rows, failed };
    checkInterrupted(options.signal);
    const approved: Candidate[] = [];
    for (const candidate of candidates) {
      await options.io.review(candidate);
      // Like with like: an entry of vercel's CLI has no `integrity`, and is not "changed" for lack of one.
      const changed = !candidate.previous || !sameDigests(candidate.previous, candidate.entry);
      const [refused] = changed ? await approveFindings([candidate], options.io) : [];
      if (refused) {
        rows.push({ name: candidate.name, outcome: "skipped", detail: `not approved: ${refused.reason}` });
        failed = true;
        continue;
      }
      if (
        mode === "install" ||
        !changed ||
        (await options.io.approve(`Update ${candidate.name} to the new version?`, {
          defaultAnswer: !changesRisk(candidate),
        }))
      )
        approved.push(candidate);
      else {
        rows.push({
          name: candidate.name,
          outcome: "skipped",
          detail: "not approved (re-run with --yes to approve)",
        });
        failed = true;
      }
    }
    if (approved.length === 0) return { scope, rows, failed };
    // Copies of the installed skill the lock does not record (vercel's `add --copy` makes them): taken
    // along, so the skill stays one skill rather than two that differ.
    const copies = new Map<Candidate, string[]>();
    for (const candidate of approved) {
      checkAgentPlaces(candidate.name, candidate.entry.agents ?? [], scope, options.env);
      copies.set(candidate, await unrecordedCopies(candidate.name, candidate.entry, scope, options.env));
    }
    // Only entries no other command changed while this one fetched (a `remove`, an `add --force`): the
    // rest are said, not undone.
    const stale = new Set<Candidate>();
    await withLockFile(scope, (lock, assertHeld) => {
      for (const candidate of approved)
        if (!sameEntry(lock.skills[candidate.name], candidate.previous)) stale.add(candidate);
      return commitCandidates(
        scope,
        lock,
        approved.filter((candidate) => !stale.has(candidate)),
        assertHeld,
      );
    });
    for (const candidate of stale) {
      rows.push({
        name: candidate.name,
        outcome: "skipped",
        detail: `another command changed or removed it in ${scope.lockPath} while this one ran; nothing was changed for it (run the command again to ${mode} it as it is now)`,
      });
      failed = true;
    }
    for (const candidate of approved) {
      if (stale.has(candidate)) continue;
      const row: RefreshRow = { name: candidate.name, outcome: mode === "install" ? "installed" : "updated" };
      rows.push(row);
      if (candidate.entry.agents?.length)
        await linkAgents(candidate.name, candidate.target, candidate.entry.agents, scope, {
          env: options.env,
          replaceFolders: true,
          keepCopies: true,
        });
      const unrecorded = copies.get(candidate) ?? [];
      if (unrecorded.length > 0)
        await linkAgents(candidate.name, candidate.target, unrecorded, scope, {
          env: options.env,
          replaceFolders: true,
          keepCopies: true,
        });
      // A copy that differs (edited, or another skill of the name) is not taken along: said, not hidden.
      const left = await differentAgentCopies(candidate.name, candidate.entry, scope, options.env);
      if (left.length > 0)
        row.detail = `left ${left.map(({ folder }) => folder).join(", ")} as ${left.length === 1 ? "it is: it holds" : "they are: they hold"} a different skill named ${candidate.name} (edited, or another skill), so '${candidate.name}' names more than one skill until ${left.length === 1 ? "it goes" : "they go"}`;
    }
    return { scope, rows, failed };
  } finally {
    await discardCandidates(scope, candidates);
  }
}

/**
 * An intact install whose agents' links or copies were deleted since: they are put back (as links, as
 * `add` makes them); the row says for which agents.
 */
async function restoreAgentPlaces(
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<RefreshRow> {
  const missing = (await agentPlaces(name, entry, scope, env)).filter((place) => place.kind === "missing");
  if (missing.length === 0) return { name, outcome: "unchanged" };
  const agents = missing.map((place) => place.agent);
  await linkAgents(name, lockedSkillFolder(scope.skillsDir, name), agents, scope, {
    env,
  });
  return { name, outcome: "installed", detail: `put back for ${agents.join(", ")}` };
}

function withoutDigests(entry: LockEntry): Omit<LockEntry, "computedHash" | "integrity"> {
  const { computedHash: _computed, integrity: _integrity, ...rest } = entry;
  return rest;
}
