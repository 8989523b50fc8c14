/**
 * @module Whether the person trusts a project (SPEC §6, §11, §15). A project's own files arrive with a
 * `git clone`, so by default they may only narrow what the person allows (see `narrow-project-layer.ts`).
 * `skillset trust` records the project's real path and a digest of every project file that could widen
 * something in the person's own `trusted-projects.json`; while the files still match that digest, their
 * widening settings apply. A changed file lapses the trust until the person runs `skillset trust` again.
 * This module only reads; `state/trust-project.ts` writes the record (atomically, under the lock).
 */

import { join, sep } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { nodeBuiltin } from "../fs/node-builtin.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { readCappedText } from "../fs/read-capped-text.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { SkillsetError } from "../model/errors.js";
import { type ConfigLocation, configPaths } from "./config-paths.js";
import { parseJsonText } from "./parse-json-text.js";

/** The file in the person's config folder that lists the projects they trust. */
export const TRUSTED_PROJECTS_FILE = "trusted-projects.json";

/** One trusted project as recorded. */
export interface TrustedProject {
  /** The project root's real path. */
  path: string;
  /** `sha256:<hex>` over the project's widening files when the person trusted it (see `projectFilesDigest`). */
  digest: string;
  /** ISO time it was trusted. */
  trustedAt: string;
}

/** What the person's trust file holds. */
export interface TrustedProjects {
  version: 1;
  projects: TrustedProject[];
}

/** Whether a project's widening settings apply. */
export interface ProjectTrust {
  /** `trusted`: recorded and unchanged; `changed`: recorded, but a file changed since; `untrusted`: never recorded. */
  state: "trusted" | "changed" | "untrusted";
  /** The project root's real path. */
  path: string;
  /** The digest of the project's widening files now. */
  digest: string;
  /** The record, when there is one (also for `changed`). */
  record?: TrustedProject;
  /** The person's trust file. */
  file: string;
}

/** Where to look: the project, the person's config folder, and the file system. */
export interface ProjectTrustLocation extends ConfigLocation {
  fs?: FileSystem;
}

/**
 * The project files that can widen what the person allows, relative to the project root: skillset's own
 * config and state, and the agents' project settings skillset imports (Claude Code allow rules and
 * overrides, OpenCode `permission.skill`; Codex reads skill switches from the user's file only). Their
 * digest is what trust covers.
 */
export const PROJECT_WIDENING_FILES: readonly string[] = [
  join(".skillset", "config.json"),
  join(".skillset", "state.json"),
  join(".claude", "settings.json"),
  join(".claude", "settings.local.json"),
  "opencode.json",
  "opencode.jsonc",
  join(".opencode", "opencode.json"),
  join(".opencode", "opencode.jsonc"),
];

/** The person's trust file: `<user config dir>/trusted-projects.json`. */
export function trustedProjectsFile(location: ConfigLocation): string {
  return join(configPaths(location).userDir, TRUSTED_PROJECTS_FILE);
}

/** True when `file` is one of the project's widening files (an agent's settings file, say) under `projectRoot`. */
export function isProjectFile(file: string, projectRoot: string): boolean {
  return file === projectRoot || file.startsWith(projectRoot.endsWith(sep) ? projectRoot : projectRoot + sep);
}

/**
 * The digest of the project's widening files: each file's name and bytes (or that it is missing or
 * unreadable), in a fixed order. Any byte changed, a file added or removed: a different digest.
 */
export async function projectFilesDigest(
  projectRoot: string,
  fs: FileSystem = nodeFileSystem,
): Promise<string> {
  const hash = nodeBuiltin("node:crypto").createHash("sha256");
  for (const name of PROJECT_WIDENING_FILES) {
    const file = join(projectRoot, name);
    hash.update(`${name}\u0000`);
    try {
      const { size } = await fs.stat(file);
      // A settings file holds a few settings; a huge one is hashed by its size alone: every reader refuses a
      // file over 1 MiB (readCappedText), so its bytes never count.
      if (size > 1024 * 1024) hash.update(`large:${size}`);
      else {
        const bytes = await fs.readFile(file);
        hash.update(`file:${bytes.byteLength}\u0000`);
        hash.update(bytes);
      }
    } catch (error) {
      hash.update(`absent:${(error as NodeJS.ErrnoException).code ?? "error"}`);
    }
    hash.update("\u0000");
  }
  return `sha256:${hash.digest("hex")}`;
}

/**
 * Reads the person's trust file. Missing: no projects. Damaged (unreadable, not JSON, wrong shape): no
 * projects for a reader, which is the safe side; with `strict` (every command that writes it, and
 * `trust --list`) a `state-invalid` error naming the file, so a record is never written over and lost.
 */
export async function readTrustedProjects(
  file: string,
  fs: FileSystem = nodeFileSystem,
  options: { strict?: boolean } = {},
): Promise<TrustedProjects> {
  const none: TrustedProjects = { version: 1, projects: [] };
  const damaged = (why: string): TrustedProjects => {
    if (!options.strict) return none;
    throw new SkillsetError(
      "state-invalid",
      `${file} is not a trust file skillset can read (${why}); nothing was changed. Fix it by hand, or move it away to start again (the projects it lists are then no longer trusted).`,
      { path: file },
    );
  };
  let text: string;
  try {
    text = await readCappedText(fs, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return none;
    return damaged(`it cannot be read: ${(error as Error).message}`);
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) return damaged("it is not valid JSON");
  const value = parsed.value;
  if (!isObject(value) || !Array.isArray(value.projects)) return damaged("it has no `projects` list");
  const projects = value.projects.filter(
    (entry): entry is TrustedProject =>
      isObject(entry) &&
      typeof entry.path === "string" &&
      typeof entry.digest === "string" &&
      typeof entry.trustedAt === "string",
  );
  if (projects.length !== value.projects.length)
    return damaged("an entry of `projects` lacks path, digest or trustedAt");
  return {
    version: 1,
    projects: projects.map(({ path, digest, trustedAt }) => ({ path, digest, trustedAt })),
  };
}

/** The project root's real path (the path as given when it cannot be resolved). */
export async function projectRealPath(projectRoot: string, fs: FileSystem = nodeFileSystem): Promise<string> {
  try {
    return await fs.realpath(projectRoot);
  } catch {
    return projectRoot;
  }
}

/**
 * Whether the person trusts this project now: its real path is recorded in their trust file with the
 * digest its widening files have today.
 * @example (await projectTrust({ projectRoot, env: process.env })).state // "untrusted"
 */
export async function projectTrust(location: ProjectTrustLocation): Promise<ProjectTrust> {
  const fs = location.fs ?? nodeFileSystem;
  const file = trustedProjectsFile(location);
  const path = await projectRealPath(location.projectRoot, fs);
  const [digest, trusted] = await Promise.all([
    projectFilesDigest(location.projectRoot, fs),
    readTrustedProjects(file, fs),
  ]);
  const record = trusted.projects.find((project) => project.path === path);
  const state = record === undefined ? "untrusted" : record.digest === digest ? "trusted" : "changed";
  return { state, path, digest, file, ...(record ? { record } : {}) };
}

/**
 * The sentence a `project-setting-ignored` diagnostic ends with: how the person allows it.
 */
export function trustAdvice(trust: Pick<ProjectTrust, "state" | "record">): string {
  return trust.state === "changed"
    ? `the project's settings changed since you trusted it (${trust.record?.trustedAt ?? "earlier"}); review them and run \`skillset trust\` in this project again to allow it`
    : "if you trust this project, run `skillset trust` in this project to allow it";
}

/**
 * The warning for one project setting that was not applied: the file, the key, what it would have done
 * and how the person allows it (`skillset trust`). Also used for the project's state and agent settings.
 */
export function projectSettingIgnored(
  file: string,
  key: string,
  widens: string,
  trust: Pick<ProjectTrust, "state" | "record"> | undefined,
  line?: number,
  /** How the person allows it, when not by trusting the project (the default advice). */
  advice?: string,
): Diagnostic {
  const where = line === undefined ? "" : ` (line ${line})`;
  return diagnostic(
    "warning",
    "project-setting-ignored",
    `Ignored ${key} in ${file}${where}: it ${widens}, and a project's own files may only narrow what you allow; ${advice ?? trustAdvice(trust ?? { state: "untrusted" })}.`,
    file,
    line === undefined ? { field: key } : { field: key, line },
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
