/**
 * @module How an installed copy compares with its lock entry: missing, edited since install, or intact —
 * or, for an entry written by vercel's CLI, unverified until its source is at hand.
 */
import { access, lstat, realpath } from "node:fs/promises";
import { join } from "node:path";
import { checkedWritePath } from "../apply/checked-write-path.js";
import { agentIds, agentSkillsDir, agentsWithOwnFolder, checkAgentPlaces } from "../apply/link-agents.js";
import { hashSkillFolder } from "../digest/hash-skill-folder.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { lockedSkillFolder } from "../lock/skill-folder-name.js";

/**
 * `unverified`: the entry has no `integrity` (vercel's CLI wrote it) and the copy's `computedHash` differs
 * from the lock's. That alone proves nothing: vercel hashes the *source* with links skipped, while its copy
 * follows links and leaves `metadata.json` out. `settleLocalState` decides with the source.
 */
export type LocalState = "intact" | "edited" | "missing" | "unverified";

/** Compares with `integrity`, or `computedHash` for entries written by vercel's CLI (like with like). */
export async function localState(
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<LocalState> {
  const dir = await installedFolder(name, scope, env);
  if (!(await hasSkillFile(dir))) return "missing";
  const digests = await hashSkillFolder(dir);
  if (entry.integrity) return digests.integrity === entry.integrity ? "intact" : "edited";
  return digests.computedHash === entry.computedHash ? "intact" : "unverified";
}

/**
 * The places of `entry.agents` for the skill, each with what is there: `copy` (a folder: `add --copy`, or
 * where links cannot be made), `link`, or `missing`. A place a committed link leads out of the project
 * (or the person's agent folder) is refused first, as a write there would be.
 */
export async function agentPlaces(
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<Array<{ agent: string; place: string; kind: "copy" | "link" | "missing" }>> {
  const agents = agentsWithOwnFolder(entry.agents ?? [], scope, env);
  checkAgentPlaces(name, agents, scope, env);
  const places = [];
  for (const agent of agents) {
    const place = lockedSkillFolder(agentSkillsDir(agent, scope, env), name);
    const stat = await lstat(place).catch(() => undefined);
    const kind = !stat ? "missing" : stat.isDirectory() ? "copy" : "link";
    places.push({ agent, place, kind } as const);
  }
  return places;
}

/**
 * The agents' copies of the skill edited since it was installed (their paths): a copy is compared with the
 * entry's `integrity` as the installed folder is. A link is the installed folder itself; an entry without
 * `integrity` (vercel's CLI wrote it) says nothing to compare with.
 */
export async function editedAgentCopies(
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
  places?: Awaited<ReturnType<typeof agentPlaces>>,
): Promise<string[]> {
  if (!entry.integrity) return [];
  const edited: string[] = [];
  for (const { place, kind } of places ?? (await agentPlaces(name, entry, scope, env))) {
    if (kind === "copy" && (await hashSkillFolder(place)).integrity !== entry.integrity) edited.push(place);
  }
  return edited;
}

/**
 * Agents (beyond `entry.agents`) whose folder holds a copy of the installed skill, identical to it, or a
 * link to it: made by hand, or by vercel's CLI, whose lock does not record agents. `update` keeps them the
 * same skill (SPEC §5: copies are one skill; only copies that differ are ambiguous) and `remove` takes
 * them away with it (a link left behind would dangle). Nothing when the skill is not installed.
 */
export async function unrecordedCopies(
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<string[]> {
  const installed = await installedFolder(name, scope, env);
  if (!(await hasSkillFile(installed))) return [];
  let integrity: string | undefined;
  const copies: string[] = [];
  for (const agent of agentsWithOwnFolder(agentIds(), scope, env)) {
    if (entry.agents?.includes(agent)) continue;
    const place = lockedSkillFolder(agentSkillsDir(agent, scope, env), name);
    // An agent's folder a committed link leads out of is not this install's to read or change: skipped.
    try {
      checkAgentPlaces(name, [agent], scope, env);
    } catch {
      continue;
    }
    const stat = await lstat(place).catch(() => undefined);
    if (stat?.isSymbolicLink()) {
      if ((await realpath(place).catch(() => undefined)) === (await realpath(installed))) copies.push(agent);
      continue;
    }
    if (!stat?.isDirectory() || !(await hasSkillFile(place))) continue;
    integrity ??= (await hashSkillFolder(installed)).integrity;
    if ((await hashSkillFolder(place)).integrity === integrity) copies.push(agent);
  }
  return copies;
}

/**
 * Agents' folders of this scope (beside `entry.agents`, which the install itself links or copies into)
 * holding a different skill of the name than `entry.integrity` (SPEC §5: copies with the same bytes are
 * one skill; different ones make the name ambiguous): an edited copy, or another skill of that name.
 */
export async function differentAgentCopies(
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<Array<{ agent: string; folder: string }>> {
  const found: Array<{ agent: string; folder: string }> = [];
  for (const agent of agentsWithOwnFolder(agentIds(), scope, env)) {
    if (entry.agents?.includes(agent)) continue;
    const folder = lockedSkillFolder(agentSkillsDir(agent, scope, env), name);
    const stat = await lstat(folder).catch(() => undefined);
    if (!stat?.isDirectory() || !(await hasSkillFile(folder))) continue;
    if ((await hashSkillFolder(folder)).integrity !== entry.integrity) found.push({ agent, folder });
  }
  return found;
}

function hasSkillFile(dir: string): Promise<boolean> {
  return access(join(dir, "SKILL.md")).then(
    () => true,
    () => false,
  );
}

/**
 * `state` of the installed folder with the agents' places taken into account, as `check` reports drift:
 * an edited copy makes it `edited`, a deleted link or copy `missing` (`install` puts it back).
 */
export async function withAgentPlaces(
  state: LocalState,
  name: string,
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<LocalState> {
  if (state !== "intact") return state;
  const places = await agentPlaces(name, entry, scope, env);
  if ((await editedAgentCopies(name, entry, scope, env, places)).length > 0) return "edited";
  return places.some((place) => place.kind === "missing") ? "missing" : state;
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
  env: Record<string, string | undefined>,
  upstream: { computedHash: string; vercelCopyIntegrity: string },
): Promise<LocalState> {
  if (state !== "unverified" || upstream.computedHash !== entry.computedHash) return state;
  const { integrity } = await hashSkillFolder(await installedFolder(name, scope, env));
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

/**
 * The installed copy's folder: `.agents/skills/<name>`, or, when that has no SKILL.md, the first agent's
 * folder holding a copy (vercel's CLI installs a skill for one agent, `--agent claude-code`, as a copy in
 * that agent's folder alone). A committed link at it (or above it) to the person's files is refused.
 */
async function installedFolder(
  name: string,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<string> {
  const folder = checkedWritePath(lockedSkillFolder(scope.skillsDir, name), scope.writeRoots);
  if (await hasSkillFile(folder)) return folder;
  for (const agent of agentsWithOwnFolder(agentIds(), scope, env)) {
    const place = lockedSkillFolder(agentSkillsDir(agent, scope, env), name);
    try {
      checkAgentPlaces(name, [agent], scope, env);
    } catch {
      continue; // a folder a committed link leads out of is not this install's
    }
    const stat = await lstat(place).catch(() => undefined);
    if (stat?.isDirectory() && (await hasSkillFile(place))) return place;
  }
  return folder;
}
