/**
 * @module Fetching again what a lock entry names: its source at its ref (`check`, `update`) or at the exact
 * commit or URL it resolved to (`install`), grouped so each source is fetched once.
 *
 * A lock arrives with a clone, so its entries are data to check, not instructions (SPEC §15): a `github`
 * source is `owner/repo[/path]` with no `.`, `..` or empty segment; `git` is a network URL (a `file://`
 * one is a local folder); archives and indexes are http(s); a pinned commit is a commit id; and a local
 * folder outside the project is read only when the person added from it here (`local-source-record.ts`).
 * A refused entry is reported on its own row; the others go on.
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import type { InstallLimits } from "../limits.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { type FetchedSource, fetchSource } from "../source/fetch-source.js";
import type { SourceSkill } from "../source/find-source-skills.js";
import { parseSource } from "../source/parse-source.js";
import type { SourceSpec, SourceType } from "../source/source-spec.js";
import { mayReadLocalSource, realOrSelf, recordedLocalSources } from "./local-source-record.js";

/** The source types skillset fetches, as the lock names them. */
const FETCHABLE = "github, git, gitlab, local, archive, well-known";

/**
 * The source an entry came from. Throws `install-unknown-source` for source types skillset cannot fetch,
 * `install-source-refused` for an entry that would reach outside what a lock may name (see the module).
 * `recorded`: the folders outside the project the person added from (`recordedLocalSources`).
 */
export function specFromEntry(
  entry: LockEntry,
  scope: InstallScope,
  env: Record<string, string | undefined>,
  recorded: () => ReadonlySet<string> = () => recordedLocalSources(scope),
  name?: string,
): SourceSpec {
  // Shown apart from its row too (a log, --json): the message names the file and the entry.
  const where = `${inertForTerminal(scope.lockPath)}${name === undefined ? "" : `, skill ${JSON.stringify(inertForTerminal(name))}`}`;
  const type = entry.sourceType as SourceType | "gitlab";
  const refuse = (why: string, fix = "Fix or remove the entry in the lock.") =>
    new SkillsetError(
      "install-source-refused",
      `Refused the source ${JSON.stringify(inertForTerminal(entry.source))} (${inertForTerminal(String(entry.sourceType))}) in ${where}: ${why}. ${fix}`,
      { path: scope.lockPath, field: "source" },
    );
  if (/[\u0000-\u0020\u007f-\u009f]/.test(entry.source) || entry.source.startsWith("-"))
    throw refuse("it holds spaces or control characters, or starts with '-'");
  if (
    entry.ref !== undefined &&
    (/[\u0000-\u0020\u007f-\u009f]/.test(entry.ref) || entry.ref.startsWith("-"))
  )
    throw refuse(
      `its ref ${JSON.stringify(inertForTerminal(entry.ref))} is not a branch, tag or commit name`,
    );
  // `spelled`: the source as `skillset add` must be given it to record the same source (a file:// URL
  // is a git repository, a path a plain folder).
  const localFolder = (path: string, spelled = path): string => {
    if (!mayReadLocalSource(scope, path, recorded))
      throw refuse(
        "it is a folder outside the project, and a lock (which arrives with a clone) may not make skillset read your other folders",
        `If you mean that folder, run \`skillset add ${inertForTerminal(spelled)}\` yourself once in this project; then update, install and check use it.`,
      );
    return realOrSelf(path);
  };
  switch (type) {
    case "local":
      return { type, source: entry.source, location: localFolder(resolve(scope.base, entry.source)) };
    case "github": {
      const segments = entry.source.split("/");
      if (
        segments.length < 2 ||
        segments.some((segment) => segment === "" || segment === "." || segment === "..")
      )
        throw refuse("a github source is owner/repo[/path], without empty, '.' or '..' segments");
      return parseSource(`${entry.source}${entry.ref ? `@${entry.ref}` : ""}`, {
        cwd: scope.base,
        base: scope.base,
        env,
        isFolder: () => false,
      });
    }
    case "git":
    case "gitlab": {
      // vercel's CLI clones `sourceUrl` when there is one (`source` may then be a shorthand); so does skillset.
      const url = entry.sourceUrl ?? entry.source;
      if (entry.sourceUrl !== undefined && (/[\u0000-\u0020\u007f-\u009f]/.test(url) || url.startsWith("-")))
        throw refuse("its sourceUrl holds spaces or control characters");
      const ref = entry.ref ? { ref: entry.ref } : {};
      if (/^file:\/\//i.test(url)) {
        let path: string;
        try {
          path = fileURLToPath(url);
        } catch {
          throw refuse("it is not a valid file:// URL");
        }
        localFolder(path, url);
        return { type: "git", source: entry.source, location: url, ...ref };
      }
      const host =
        /^(?:https?|ssh|git):\/\/(?:[^@/]*@)?([^/:]*)/i.exec(url)?.[1] ??
        /^[\w.-]+@([\w.-]+):/.exec(url)?.[1];
      if (host === undefined || host === "" || host.startsWith("-"))
        throw refuse("a git source in a lock is an https://, ssh://, git:// or user@host: URL");
      return { type: "git", source: entry.source, location: url, ...ref };
    }
    case "archive":
    case "well-known": {
      let protocol: string;
      try {
        protocol = new URL(entry.source).protocol;
      } catch {
        throw refuse("it is not a URL");
      }
      if (protocol !== "https:" && protocol !== "http:") throw refuse("it is not an http(s) URL");
      return { type, source: entry.source, location: entry.source, ...(entry.ref ? { ref: entry.ref } : {}) };
    }
    default:
      throw new SkillsetError(
        "install-unknown-source",
        `Cannot fetch the source ${JSON.stringify(inertForTerminal(entry.source))} in ${where}: its type ${JSON.stringify(inertForTerminal(String(entry.sourceType)))} is not one skillset fetches (${FETCHABLE}).${
          entry.sourceType === "node_modules"
            ? " vercel's CLI installs it from the project's node_modules (`npx skills experimental_install`)."
            : ""
        } skillset leaves the installed copy as it is; the other skills go on.`,
        { path: scope.lockPath, field: "sourceType" },
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

/**
 * Entries grouped by what must be fetched for them; `pinned` uses each entry's `resolved`. A group with
 * `refused` is one entry that is not fetched (why is in the error).
 */
export interface SourceGroup {
  spec?: SourceSpec;
  pin?: string;
  names: string[];
  refused?: SkillsetError;
}

/** A commit id (SHA-1 or SHA-256, hex): what a pinned git entry's `resolved` must be. */
const COMMIT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

export function groupBySource(
  entries: ReadonlyArray<[string, LockEntry]>,
  scope: InstallScope,
  env: Record<string, string | undefined>,
  pinned: boolean,
): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  let read: ReadonlySet<string> | undefined;
  const recorded = () => (read ??= recordedLocalSources(scope));
  for (const [name, entry] of entries) {
    let spec: SourceSpec;
    try {
      spec = specFromEntry(entry, scope, env, recorded, name);
    } catch (error) {
      if (
        !SkillsetError.isInstance(error) ||
        (error.code !== "install-source-refused" && error.code !== "install-unknown-source")
      )
        throw error;
      groups.set(`refused\0${name}`, { names: [name], refused: error });
      continue;
    }
    const pin = pinned && (spec.type === "git" || spec.type === "github") ? entry.resolved : undefined;
    if (pin !== undefined && !COMMIT_ID.test(pin)) {
      groups.set(`refused\0${name}`, {
        names: [name],
        refused: new SkillsetError(
          "install-source-refused",
          `Refused skill ${JSON.stringify(inertForTerminal(name))} in ${inertForTerminal(scope.lockPath)}: its \`resolved\` is not a commit id. Run \`skillset update ${inertForTerminal(name)}\` to record the commit again.`,
          { path: scope.lockPath, field: "resolved" },
        ),
      });
      continue;
    }
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
    /** Named in a fetch failure, with the group's skills: the message may be read apart from its rows. */
    lockPath?: string;
  },
): Promise<{ fetched?: FetchedSource; error?: SkillsetError }> {
  if (group.refused || !group.spec) return { error: group.refused! };
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
    if (SkillsetError.isInstance(error) && error.code !== "install-interrupted") {
      if (!options.lockPath) return { error };
      const skills = group.names.map((name) => JSON.stringify(inertForTerminal(name))).join(", ");
      return {
        error: new SkillsetError(
          error.code,
          `${error.message} (skill ${skills} in ${inertForTerminal(options.lockPath)}; the other skills go on)`,
          { path: options.lockPath },
        ),
      };
    }
    throw error;
  }
}
