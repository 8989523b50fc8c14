/**
 * @module Fetching again what a lock entry names: its source at its ref (`check`, `update`) or at the exact
 * commit or URL it resolved to (`install`), grouped so each source is fetched once.
 */
import { resolve } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import type { InstallLimits } from "../limits.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { type FetchedSource, fetchSource } from "../source/fetch-source.js";
import type { SourceSkill } from "../source/find-source-skills.js";
import { parseSource } from "../source/parse-source.js";
import type { SourceSpec, SourceType } from "../source/source-spec.js";

/** The source an entry came from. Throws `install-unknown-source` for source types skillset cannot fetch. */
export function specFromEntry(
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
): SourceSpec {
  const type = entry.sourceType as SourceType;
  switch (type) {
    case "local":
      return { type, source: entry.source, location: resolve(scope.base, entry.source) };
    case "github":
      return parseSource(`${entry.source}${entry.ref ? `@${entry.ref}` : ""}`, {
        cwd: scope.base,
        base: scope.base,
        env,
        isFolder: () => false,
      });
    case "git":
    case "archive":
    case "well-known":
      return { type, source: entry.source, location: entry.source, ...(entry.ref ? { ref: entry.ref } : {}) };
    default:
      throw new SkillsetError(
        "install-unknown-source",
        `The lock names source type ${JSON.stringify(entry.sourceType)} for ${entry.source}, which skillset cannot fetch.`,
      );
  }
}

/** The entry's skill in a fetched source: by its recorded folder, else by name. */
export function findLockedSkill(
  fetched: FetchedSource,
  name: string,
  entry: LockEntry,
): SourceSkill | undefined {
  return (
    fetched.skills.find(
      (skill) => entry.skillPath !== undefined && skill.path === entry.skillPath && skill.name === name,
    ) ?? fetched.skills.find((skill) => skill.name === name)
  );
}

/** Entries grouped by what must be fetched for them; `pinned` uses each entry's `resolved`. */
export interface SourceGroup {
  spec: SourceSpec;
  pin?: string;
  names: string[];
}

export function groupBySource(
  entries: ReadonlyArray<[string, LockEntry]>,
  scope: InstallScope,
  env: Record<string, string | undefined>,
  pinned: boolean,
): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const [name, entry] of entries) {
    const spec = specFromEntry(entry, scope, env);
    const pin = pinned && (spec.type === "git" || spec.type === "github") ? entry.resolved : undefined;
    const key = JSON.stringify([spec.type, spec.location, spec.ref, spec.subpath, pin]);
    const group = groups.get(key) ?? { spec, names: [], ...(pin ? { pin } : {}) };
    group.names.push(name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Fetches a group; a failure becomes the result (`error`) so one gone source does not stop the rest. */
export async function fetchGroup(
  group: SourceGroup,
  options: {
    limits: InstallLimits;
    env: Record<string, string | undefined>;
    progress?: (message: string) => void;
    signal?: AbortSignal;
  },
): Promise<{ fetched?: FetchedSource; error?: SkillsetError }> {
  try {
    const fetched = await fetchSource(group.spec, {
      limits: options.limits,
      env: options.env,
      wanted: new Set(group.names),
      ...(group.pin ? { pin: group.pin } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { fetched };
  } catch (error) {
    // An interruption stops the whole command, not just this source.
    if (SkillsetError.isInstance(error) && error.code !== "install-interrupted") return { error };
    throw error;
  }
}
