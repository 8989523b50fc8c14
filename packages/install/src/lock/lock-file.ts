/**
 * @module `skills-lock.json`: the shape vercel's `skills` CLI writes (`version`, `skills` by name with
 * `source`, `sourceType`, `ref`, `computedHash`), plus skillset's own fields (`integrity`, `resolved`,
 * `skillPath`, `agents`), which that CLI ignores. Written sorted and indented the same way, so a lock
 * shared by both tools diffs cleanly.
 */
import type { SourceType } from "../source/source-spec.js";
import { folderNameProblem, shownName } from "./skill-folder-name.js";

/** One installed skill. */
export interface LockEntry {
  source: string;
  sourceType: SourceType | string;
  ref?: string;
  /** vercel's digest (interop; not used for verification). */
  computedHash: string;
  /** skillset's digest, used to verify (absent in locks written by vercel's CLI). */
  integrity?: string;
  /** The commit or URL that was fetched. */
  resolved?: string;
  /** The skill's folder inside the source (`/`-separated). */
  skillPath?: string;
  /** Agents whose folders link to the installed copy. */
  agents?: string[];
}

export interface LockFile {
  version: number;
  skills: Record<string, LockEntry>;
}

export const LOCK_VERSION = 1;

export function emptyLock(): LockFile {
  return { version: LOCK_VERSION, skills: skillMap() };
}

/**
 * An empty map of skills by name with no prototype: names come from the command line and the lock, and
 * `skills["constructor"]` must not find `Object.prototype.constructor` (nor `__proto__` set a prototype).
 */
function skillMap(entries: Iterable<[string, LockEntry]> = []): Record<string, LockEntry> {
  const skills: Record<string, LockEntry> = Object.create(null);
  for (const [name, entry] of entries) skills[name] = entry;
  return skills;
}

/** The lock's text: skills sorted by name (code units, as vercel sorts), 2-space JSON, final newline. */
export function renderLock(lock: LockFile): string {
  const names = Object.keys(lock.skills).sort();
  const skills = skillMap(names.map((name) => [name, lock.skills[name]!]));
  return `${JSON.stringify({ version: lock.version, skills }, null, 2)}\n`;
}

/** A parsed lock, or what is wrong with the text (naming the skill and field). */
export type ParsedLock = { lock: LockFile; problem?: undefined } | { lock?: undefined; problem: string };

/**
 * Parses lock text. A lock is shared through version control, so its keys are untrusted: each must be a
 * folder name (`skill-folder-name.ts`), or `remove ../../x` would delete outside the skills folder.
 */
export function parseLock(text: string): ParsedLock {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    // V8's message quotes the text around the mistake: a lock linked to a secret would echo it.
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    return { problem: `bad JSON${at === undefined ? "" : ` (at character ${at})`}` };
  }
  const record = value as { version?: unknown; skills?: unknown };
  if (typeof record !== "object" || record === null || Array.isArray(record))
    return { problem: "the file must hold a JSON object with `version` and `skills`" };
  if (typeof record.version !== "number") return { problem: "`version` must be a number" };
  if (typeof record.skills !== "object" || record.skills === null || Array.isArray(record.skills))
    return { problem: "`skills` must be an object of skills by name" };
  for (const [name, entry] of Object.entries(record.skills as Record<string, unknown>)) {
    const problem = entryProblem(name, entry);
    if (problem) return { problem: `skill ${shownName(name)}: ${problem}` };
  }
  const entries = Object.entries(record.skills as Record<string, LockEntry>);
  return { lock: { version: record.version, skills: skillMap(entries) } };
}

/** What is wrong with one entry, or `undefined`. */
function entryProblem(name: string, entry: unknown): string | undefined {
  const unusable = folderNameProblem(name);
  if (unusable) return `the name is not a folder name (${unusable})`;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    return "the entry must be an object";
  const fields = entry as Partial<Record<keyof LockEntry, unknown>>;
  if (typeof fields.source !== "string") return "`source` must be a string";
  if (typeof fields.computedHash !== "string") return "`computedHash` must be a string";
  if (fields.ref !== undefined && typeof fields.ref !== "string") return "`ref` must be a string";
  if (fields.resolved !== undefined && typeof fields.resolved !== "string")
    return "`resolved` must be a string";
  if (
    fields.agents !== undefined &&
    !(Array.isArray(fields.agents) && fields.agents.every((agent) => typeof agent === "string"))
  )
    return "`agents` must be a list of agent names";
  return undefined;
}
