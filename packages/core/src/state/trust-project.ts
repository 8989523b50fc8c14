/**
 * @module `skillset trust` (SPEC §6, §11): records in the person's own `trusted-projects.json` that they
 * trust a project — its real path and the digest of its widening files now — or takes it out. Written
 * atomically under the file lock, like the state files, so concurrent commands never lose a record.
 */
import {
  type ProjectTrust,
  type ProjectTrustLocation,
  projectTrust,
  readTrustedProjects,
  type TrustedProject,
  type TrustedProjects,
  trustedProjectsFile,
} from "../config/project-trust.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { type AssertLockHeld, withFileLock } from "./with-file-lock.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/**
 * Trusts the project at `location.projectRoot` as its files are now: its widening settings apply until one
 * of them changes. Returns the trust now in force (`state: "trusted"`).
 * @example await trustProject({ projectRoot, env: process.env });
 */
export async function trustProject(
  location: ProjectTrustLocation,
  now: Date = new Date(),
): Promise<ProjectTrust> {
  return withFileLock(trustedProjectsFile(location), (assertHeld) => recordTrust(location, now, assertHeld));
}

/** `trustProject`'s work, for a caller holding the trust file's lock. */
async function recordTrust(
  location: ProjectTrustLocation,
  now: Date,
  assertHeld: AssertLockHeld,
): Promise<ProjectTrust> {
  const fs = location.fs ?? nodeFileSystem;
  const file = trustedProjectsFile(location);
  // The digest is taken under the lock, right before writing: what is recorded is what was there.
  const current = await projectTrust({ ...location, fs });
  const record: TrustedProject = {
    path: current.path,
    digest: current.digest,
    trustedAt: now.toISOString(),
  };
  const trusted = await readTrustedProjects(file, fs, { strict: true });
  await write(
    file,
    {
      version: 1,
      projects: [...trusted.projects.filter((project) => project.path !== current.path), record],
    },
    location,
    assertHeld,
  );
  return { ...current, state: "trusted", record };
}

/**
 * Takes the project out of the person's trusted projects. Returns the record removed, or `undefined` when
 * it was not trusted (nothing is written then).
 */
export async function revokeProjectTrust(
  location: ProjectTrustLocation,
): Promise<TrustedProject | undefined> {
  const fs = location.fs ?? nodeFileSystem;
  const file = trustedProjectsFile(location);
  return withFileLock(file, async (assertHeld) => {
    const { path } = await projectTrust({ ...location, fs });
    const trusted = await readTrustedProjects(file, fs, { strict: true });
    const record = trusted.projects.find((project) => project.path === path);
    if (record === undefined) return undefined;
    await write(
      file,
      { version: 1, projects: trusted.projects.filter((project) => project !== record) },
      location,
      assertHeld,
    );
    return record;
  });
}

/**
 * Runs `write` (skillset's own change to the project's state file: `enable --project`, a remembered
 * answer) without lapsing the person's trust: a project trusted before the write is trusted again after
 * it, with the new digest and its original time. A project that was not trusted (or whose files had
 * already changed) stays as it was.
 */
export async function keepingTrust<T>(location: ProjectTrustLocation, write: () => Promise<T>): Promise<T> {
  // All three steps under the trust file's lock: a neighbour's write between another's look and its
  // re-trust would otherwise read as "changed" and leave the project untrusted.
  return withFileLock(trustedProjectsFile(location), async (assertHeld) => {
    const before = await projectTrust(location);
    const result = await write();
    if (before.state === "trusted" && before.record)
      await recordTrust(location, new Date(before.record.trustedAt), assertHeld);
    return result;
  });
}

/** The projects the person trusts, as recorded (whether their files still match is `projectTrust`'s to say). */
export async function listTrustedProjects(location: ProjectTrustLocation): Promise<TrustedProject[]> {
  return (
    await readTrustedProjects(trustedProjectsFile(location), location.fs ?? nodeFileSystem, { strict: true })
  ).projects;
}

function write(
  file: string,
  trusted: TrustedProjects,
  location: ProjectTrustLocation,
  assertHeld: AssertLockHeld,
): Promise<void> {
  const projects = [...trusted.projects].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const text = `${JSON.stringify({ version: 1, projects }, null, 2)}\n`;
  return writeFileAtomic(file, text, {
    ...(location.fs ? { fs: location.fs } : {}),
    beforeRename: assertHeld,
  });
}
