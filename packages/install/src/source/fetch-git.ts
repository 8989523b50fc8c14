/**
 * @module Fetches a git source: a shallow clone of one ref with nothing checked out, its tree listed
 * (`ls-tree -r -l`) and held to the install limits, then a sparse checkout of only the skill folders —
 * a tree bomb is refused before a single file of it is written.
 */
import { SkillsetError } from "@skillset/core/model";
import { UNHASHED_FOLDERS } from "../digest/list-hashed-files.js";
import { type InstallLimits, LimitCounter } from "../limits.js";
import { runGit } from "./run-git.js";
import type { SourceSpec } from "./source-spec.js";

export interface FetchedTree {
  /** The folder holding the source's files. */
  root: string;
  /** The commit (git) or final URL (HTTP) fetched, for the lock. */
  resolved: string;
}

export interface FetchGitOptions {
  timeoutMs: number;
  env: Record<string, string | undefined>;
  limits: InstallLimits;
  signal?: AbortSignal;
}

const FULL_COMMIT = /^[0-9a-f]{40}$/i;
/** How deep skills are looked for, as `findSourceSkills` does. */
const MAX_DEPTH = 8;
/** All skill folders of one source together may hold this many times one skill's limits. */
const SOURCE_FACTOR = 10;

/** Clones `spec` into the empty folder `into` (shallow, one ref) and returns the commit it checked out. */
export async function fetchGit(
  spec: SourceSpec,
  into: string,
  options: FetchGitOptions,
): Promise<FetchedTree> {
  const run = (args: string[], cwd?: string) => runGit(args, { ...options, ...(cwd ? { cwd } : {}) });
  const pinned = spec.ref !== undefined && FULL_COMMIT.test(spec.ref);
  const commit = pinned ? "FETCH_HEAD" : "HEAD";
  try {
    if (pinned) {
      await run(["init", "--quiet", into]);
      await run(["remote", "add", "origin", spec.location], into);
      await run(["fetch", "--quiet", "--depth", "1", "--no-tags", "origin", spec.ref!], into);
    } else {
      const clone = ["clone", "--quiet", "--depth", "1", "--single-branch", "--no-tags", "--no-checkout"];
      if (spec.ref) clone.push("--branch", spec.ref);
      await run([...clone, "--", spec.location, into]);
    }
  } catch (error) {
    throw explain(error, spec);
  }
  // The commit is read beside the listing (both only read the clone): the checkout below moves HEAD to it.
  const [listing, resolved] = await Promise.all([
    run(["ls-tree", "-r", "-l", "-z", "--full-tree", commit], into),
    run(["rev-parse", "--verify", `${commit}^{commit}`], into).then((out) => out.trim()),
  ]);
  const files = parseTree(listing);
  const folders = skillFolders(files, spec, options.limits);
  // Sparse only when something lies outside the skill folders: otherwise it is the same checkout, slower.
  const skillSet = new Set(folders);
  if (files.some((file) => skillFolderOf(file.path, skillSet) === undefined))
    await run(["sparse-checkout", "set", "--no-cone", ...folders.map(sparsePattern)], into);
  await run(pinned ? ["checkout", "--quiet", "FETCH_HEAD"] : ["checkout", "--quiet"], into);
  return { root: into, resolved };
}

interface TreeFile {
  path: string;
  size: number;
  link: boolean;
}

/** Blobs and links of `git ls-tree -r -l -z` (submodules, which are never checked out, left out). */
function parseTree(listing: string): TreeFile[] {
  const files: TreeFile[] = [];
  for (const record of listing.split("\0")) {
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, , size] = record.slice(0, tab).split(/\s+/);
    if (type !== "blob") continue;
    files.push({ path: record.slice(tab + 1), size: Number(size) || 0, link: mode === "120000" });
  }
  return files;
}

/**
 * The folders holding a SKILL.md under the sub-folder asked for (found as `findSourceSkills` finds them),
 * each within one skill's limits and all together within `SOURCE_FACTOR` times them; throws
 * `install-too-large` (nothing written yet) or `install-no-skills`.
 */
function skillFolders(files: TreeFile[], spec: SourceSpec, limits: InstallLimits): string[] {
  const subpath = spec.subpath?.replace(/\/+$/, "");
  const base = subpath ? `${subpath}/` : "";
  if (subpath && files.some((file) => file.path === subpath && file.link))
    throw new SkillsetError(
      "install-unsafe-entry",
      `Refused ${subpath}: it is a symbolic link; only real folders are installed. Nothing was installed.`,
    );
  const inside = files.filter((file) => file.path.startsWith(base));
  if (subpath && inside.length === 0)
    throw new SkillsetError("install-no-skills", `The source has no folder ${subpath}.`);
  const found = new Set<string>();
  for (const file of inside) {
    const parts = file.path.slice(base.length).split("/");
    if (parts.at(-1) !== "SKILL.md" || parts.length - 1 > MAX_DEPTH) continue;
    if (parts.slice(0, -1).some((part) => UNHASHED_FOLDERS.has(part))) continue;
    found.add(`${base}${parts.slice(0, -1).join("/")}`.replace(/\/$/, ""));
  }
  // A skill inside a skill is part of the outer one, as `findSourceSkills` does not look further.
  const folders = [...found].filter((folder) => skillFolderOf(folder, found) === undefined).sort();
  if (folders.length === 0)
    throw new SkillsetError(
      "install-no-skills",
      `No skills in ${spec.source}${spec.subpath ? ` under ${spec.subpath}` : ""}: no folder holds a SKILL.md.`,
    );
  const total = new LimitCounter(
    {
      ...limits,
      maxFiles: limits.maxFiles * SOURCE_FACTOR,
      maxTotalBytes: limits.maxTotalBytes * SOURCE_FACTOR,
    },
    `${spec.source} (all its skill folders together)`,
  );
  const counters = new Map(
    folders.map((folder) => [
      folder,
      new LimitCounter(limits, `the skill folder ${folder || "."} of ${spec.source}`),
    ]),
  );
  for (const file of inside) {
    const counter = counters.get(skillFolderOf(file.path, counters) ?? "\0");
    if (!counter) continue;
    counter.addFile(file.path, file.size);
    total.addFile(file.path, file.size);
  }
  return folders;
}

/** The folder of `folders` that holds `path` (looked up parent by parent, so a huge tree stays linear). */
function skillFolderOf(path: string, folders: { has(folder: string): boolean }): string | undefined {
  let folder = path;
  while (folder !== "") {
    const slash = folder.lastIndexOf("/");
    folder = slash < 0 ? "" : folder.slice(0, slash);
    if (folders.has(folder)) return folder;
  }
  return undefined;
}

/** A `--no-cone` sparse pattern for exactly one folder (`*`, `?`, `[`, `!`, `#` and `\\` taken literally). */
function sparsePattern(folder: string): string {
  if (folder === "") return "/*";
  return `/${folder.replace(/[*?[\]\\!#]/g, (character) => `\\${character}`)}/`;
}

/** Rewrites git's message for the common failures: a missing ref, an unreachable or missing repository. */
function explain(error: unknown, spec: SourceSpec): unknown {
  if (!SkillsetError.isInstance(error)) return error;
  const message = error.message;
  if (
    spec.ref &&
    /not found in upstream|couldn't find remote ref|not our ref|unadvertised object/i.test(message)
  )
    return new SkillsetError(
      "install-ref-not-found",
      `The ref ${JSON.stringify(spec.ref)} does not exist in ${spec.location}. Check the branch, tag or commit name.`,
      { cause: error },
    );
  if (/timed out/.test(message))
    return new SkillsetError(
      "install-unreachable",
      `${spec.location}: ${message}. Check the address and your network.`,
      {
        cause: error,
      },
    );
  if (
    /does not appear to be a git repository|not found|Could not read from remote|Could not resolve|Connection refused|Failed to connect|unable to access/i.test(
      message,
    )
  )
    return new SkillsetError(
      "install-unreachable",
      `Cannot fetch ${spec.location}: ${message.replace(/^git \w+ failed: /, "")}`,
      { cause: error },
    );
  return error;
}
