/**
 * @module Fetches any source into a folder of skillset's own (a new temp folder, or the one the caller
 * gives) and lists its skills. Nothing from the source is executed: git runs with hooks off, archives are
 * parsed (not unpacked by a tool), HTTP is plain data.
 */
import { mkdtempSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import type { InstallLimits } from "../limits.js";
import { fetchArchive } from "./fetch-archive.js";
import { networkFrom } from "./fetch-bytes.js";
import { type FetchedTree, fetchGit } from "./fetch-git.js";
import { fetchWellKnown } from "./fetch-well-known.js";
import { findSourceSkills, loadParser, type SourceSkill } from "./find-source-skills.js";
import { checkInterrupted } from "./interrupted.js";
import type { SourceSpec } from "./source-spec.js";

/** A source on disk, ready to be examined; `dispose()` removes the temp folder. */
export interface FetchedSource {
  spec: SourceSpec;
  root: string;
  /** Commit (git), final URL (archive, index) or absolute folder (local). */
  resolved: string;
  skills: SourceSkill[];
  /** `root` is skillset's own temp folder (removed by `dispose`), not a person's folder. */
  temporary: boolean;
  dispose(): Promise<void>;
}

export interface FetchSourceOptions {
  limits: InstallLimits;
  env: Record<string, string | undefined>;
  /** Skill names wanted (lets a well-known index skip the others); empty or absent: all. */
  wanted?: ReadonlySet<string>;
  /** Fetch this commit or URL instead of the spec's ref (restoring from a lock). */
  pin?: string;
  /** Called before slow network work, for progress on a terminal. */
  progress?: (message: string) => void;
  /**
   * An empty folder to fetch into instead of a new one under TMPDIR (`add` fetches beside the skills, so
   * that staging moves folders instead of copying them); `dispose` removes it.
   */
  workDir?: string;
  /** Aborted when the person interrupts (SIGINT, SIGTERM): the fetch stops and its folder is removed. */
  signal?: AbortSignal;
}

/**
 * Fetches `spec`; throws `install-no-skills` when the source holds no skill. A clone or download is under
 * way when this returns its promise (nothing before it waits), so the caller can load what it needs next
 * while git or the network works.
 */
export async function fetchSource(spec: SourceSpec, options: FetchSourceOptions): Promise<FetchedSource> {
  const work = options.workDir ?? mkdtempSync(join(options.env.TMPDIR ?? tmpdir(), "skillset-fetch-"));
  const dispose = () => rm(work, { recursive: true, force: true });
  try {
    const fetching = fetchTree(spec, join(work, "source"), options);
    // Loaded meanwhile; a failure to load shows where the parser is awaited.
    loadParser().catch(() => {});
    const tree = await fetching;
    checkInterrupted(options.signal);
    const skills = await findSourceSkills(tree.root, spec.subpath);
    if (skills.length === 0)
      throw new SkillsetError(
        "install-no-skills",
        `No skills in ${spec.source}${spec.subpath ? ` under ${spec.subpath}` : ""}: no folder holds a SKILL.md.`,
      );
    return {
      spec,
      root: tree.root,
      resolved: tree.resolved,
      skills,
      temporary: spec.type !== "local",
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The source's files on disk: the folder itself (local), or fetched into the empty folder `into`. */
function fetchTree(spec: SourceSpec, into: string, options: FetchSourceOptions): Promise<FetchedTree> {
  const { limits } = options;
  const network = networkFrom(options.env, options.signal);
  switch (spec.type) {
    case "local":
      // A folder recorded in a lock may have been moved or deleted since (`check`, `update` report it).
      if (!statSync(spec.location, { throwIfNoEntry: false })?.isDirectory())
        throw new SkillsetError(
          "install-source-gone",
          `No folder at ${spec.location} (the source ${spec.source}): it was moved or deleted. Put it back, or remove the skills that came from it and add them again from where they are now.`,
        );
      return Promise.resolve({ root: spec.location, resolved: spec.location });
    case "git":
    case "github": {
      options.progress?.(`Cloning ${spec.location}${spec.ref ? ` at ${spec.ref}` : ""}…`);
      const pinned = options.pin ? { ...spec, ref: options.pin } : spec;
      return fetchGit(pinned, into, {
        timeoutMs: Math.max(limits.timeoutMs, 120_000),
        env: options.env,
        limits,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    }
    case "archive":
      options.progress?.(`Downloading ${spec.location}…`);
      return fetchArchive(spec.location, into, limits, network);
    case "well-known":
      options.progress?.(`Reading the skills index at ${spec.location}…`);
      return fetchWellKnown(spec.location, into, limits, network, options.wanted);
  }
}
