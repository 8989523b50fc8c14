/**
 * @module Makes an installed skill visible to other agents: a relative symbolic link from the agent's
 * skills folder to the installed copy, or a copy where links cannot be made (or with `--copy`).
 */
import { realpathSync, type Stats } from "node:fs";
import { cp, lstat, mkdir, rm, symlink } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import { skillProviders } from "@skillset/core/roots";
import type { InstallScope } from "../lock/install-scope.js";
import { lockedSkillFolder } from "../lock/skill-folder-name.js";
import { checkedWritePath } from "./checked-write-path.js";

/** The agents that can be named with `--agent` (every provider with its own skills folder). */
export function agentIds(): string[] {
  return skillProviders
    .filter((provider) => provider.id !== "agents" && provider.repoDirs.length > 0)
    .map((p) => p.id);
}

/** vercel's CLI's names for agents skillset names otherwise: `--agent claude-code` works with both tools. */
const VERCEL_AGENT_NAMES: Readonly<Record<string, string>> = {
  "claude-code": "claude",
  "gemini-cli": "gemini",
  "github-copilot": "github",
};

/** skillset's id of `agent`, which may be vercel's name for it (`claude-code` → `claude`). */
export function agentId(agent: string): string {
  return Object.hasOwn(VERCEL_AGENT_NAMES, agent) ? VERCEL_AGENT_NAMES[agent]! : agent;
}

/** Where `agent` keeps skills in `scope`. Throws `install-unknown-agent` listing the known ones. */
export function agentSkillsDir(
  name: string,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): string {
  const agent = agentId(name);
  const provider = skillProviders.find(
    (candidate) => candidate.id === agent && candidate.repoDirs.length > 0,
  );
  if (!provider || agent === "agents")
    throw new SkillsetError(
      "install-unknown-agent",
      `Unknown agent ${JSON.stringify(name)}. Known agents: ${agentIds().join(", ")} (vercel's names ${Object.keys(VERCEL_AGENT_NAMES).join(", ")} work too).`,
    );
  if (scope.kind === "project") return join(scope.base, provider.repoDirs[0]!);
  const user = provider.userDirs[0]!;
  const base = (user.baseEnv && env[user.baseEnv]) || join(scope.base, user.baseDefault);
  return join(base, user.path);
}

/**
 * Whether `agent` keeps its skills in the install's own folder under another name: its folder is a link
 * to `.agents/skills` (`.claude/skills -> ../.agents/skills`, common in projects made by other tools).
 * Its place for a skill is then the installed folder itself: nothing is linked, copied or removed there
 * (removing "the agent's link" would delete the install).
 */
export function readsInstallFolder(
  agent: string,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): boolean {
  const real = (path: string) => {
    try {
      return realpathSync.native(path);
    } catch {
      return undefined;
    }
  };
  const dir = real(agentSkillsDir(agent, scope, env));
  return dir !== undefined && dir === real(scope.skillsDir);
}

/** `agents` without those that read the install's own folder (see `readsInstallFolder`). */
export function agentsWithOwnFolder(
  agents: readonly string[],
  scope: InstallScope,
  env: Record<string, string | undefined>,
): string[] {
  return agents.filter((agent) => !readsInstallFolder(agent, scope, env));
}

/**
 * Links (or copies) `installed` into each agent's folder as `<name>`; returns what was done per agent.
 * `keepCopies`: an agent's place that holds a copy (made with `--copy`, or where links cannot be made)
 * gets a copy again, not a link.
 */
export async function linkAgents(
  name: string,
  installed: string,
  agents: readonly string[],
  scope: InstallScope,
  options: {
    copy?: boolean;
    keepCopies?: boolean;
    env: Record<string, string | undefined>;
    replaceFolders?: boolean;
  },
): Promise<string[]> {
  const done: string[] = [];
  for (const agent of agents) {
    const dir = agentSkillsDir(agent, scope, options.env);
    if (readsInstallFolder(agent, scope, options.env)) {
      done.push(`${agent}: reads ${dir}, the install's own folder`);
      continue;
    }
    const place = checkedWritePath(lockedSkillFolder(dir, name), agentRoots(scope, dir), {
      replacesLeaf: true,
    });
    const existing = await refuseForeignPlace(place, options.replaceFolders === true);
    const copy = options.copy === true || (options.keepCopies === true && existing?.isDirectory() === true);
    await rm(place, { recursive: true, force: true });
    await mkdir(dirname(place), { recursive: true });
    checkedWritePath(place, agentRoots(scope, dir), { replacesLeaf: true });
    if (!copy) {
      try {
        await symlink(relative(dirname(place), installed), place, "dir");
        done.push(`${agent}: linked ${place}`);
        continue;
      } catch {
        // Falls through to a copy (file systems or platforms without symbolic links).
      }
    }
    await cp(installed, place, { recursive: true });
    done.push(`${agent}: copied to ${place}`);
  }
  return done;
}

/**
 * Checks each agent's place for `name` (see `checkedWritePath`) without changing anything: run before a
 * commit, so a link out of the project at `.claude/skills` refuses the install before it is made.
 */
export function checkAgentPlaces(
  name: string,
  agents: readonly string[],
  scope: InstallScope,
  env: Record<string, string | undefined>,
): void {
  for (const agent of agentsWithOwnFolder(agents, scope, env)) {
    const dir = agentSkillsDir(agent, scope, env);
    checkedWritePath(lockedSkillFolder(dir, name), agentRoots(scope, dir), {
      replacesLeaf: true,
    });
  }
}

/**
 * Refuses when `place` holds something skillset did not make (anything but a link, or a folder it may
 * not replace): the one rule for an agent's place, checked again right before linking. Returns what is
 * there (undefined: nothing).
 */
async function refuseForeignPlace(place: string, replaceFolders: boolean): Promise<Stats | undefined> {
  const existing = await lstat(place).catch(() => undefined);
  if (existing && !existing.isSymbolicLink() && !(existing.isDirectory() && replaceFolders))
    throw new SkillsetError(
      "install-agent-conflict",
      `${place} already exists and skillset did not make it; move it away or pass --force to replace it. Nothing was installed.`,
    );
  return existing;
}

/**
 * Everything `linkAgents` would refuse for `name`, checked before anything is staged or committed, so
 * `add --agent claude` over a folder of someone else's leaves the tree and the lock as they were.
 */
export async function checkAgentConflicts(
  name: string,
  agents: readonly string[],
  scope: InstallScope,
  options: { env: Record<string, string | undefined>; replaceFolders: boolean },
): Promise<void> {
  checkAgentPlaces(name, agents, scope, options.env);
  for (const agent of agentsWithOwnFolder(agents, scope, options.env)) {
    const dir = agentSkillsDir(agent, scope, options.env);
    await refuseForeignPlace(lockedSkillFolder(dir, name), options.replaceFolders);
  }
}

/** Removes `<name>` from each agent's folder (links and copies skillset made). */
export async function unlinkAgents(
  name: string,
  agents: readonly string[],
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<void> {
  for (const agent of agentsWithOwnFolder(agents, scope, env)) {
    const dir = agentSkillsDir(agent, scope, env);
    const place = lockedSkillFolder(dir, name);
    await rm(checkedWritePath(place, agentRoots(scope, dir), { replacesLeaf: true }), {
      recursive: true,
      force: true,
    });
  }
}

/**
 * Where writes for an agent may go: the project (its `.claude/skills` must not be a link out of it), or,
 * for the user scope, the person's own skills folder of that agent as it is.
 */
function agentRoots(scope: InstallScope, dir: string): string[] {
  return scope.kind === "project" ? scope.writeRoots : [...scope.writeRoots, dir];
}
