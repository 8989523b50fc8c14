/**
 * @module `skills-lock.json`: the shape vercel's `skills` CLI writes (`version`, `skills` by name with
 * `source`, `sourceType`, `ref`, `computedHash`), plus skillset's own fields (`integrity`, `resolved`,
 * `skillPath`, `agents`), which that CLI ignores. Written sorted and indented the same way, so a lock
 * shared by both tools diffs cleanly.
 */
import type { SourceType } from "../source/source-spec.js";

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
  return { version: LOCK_VERSION, skills: {} };
}

/** The lock's text: skills sorted by name (code units, as vercel sorts), 2-space JSON, final newline. */
export function renderLock(lock: LockFile): string {
  const skills: Record<string, LockEntry> = {};
  for (const name of Object.keys(lock.skills).sort()) skills[name] = lock.skills[name]!;
  return `${JSON.stringify({ version: lock.version, skills }, null, 2)}\n`;
}

/** Parses lock text; `undefined` when it is not a lock (bad JSON, no `skills` map, malformed entries). */
export function parseLock(text: string): LockFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
  const record = value as { version?: unknown; skills?: unknown };
  if (typeof record !== "object" || record === null || typeof record.version !== "number") return undefined;
  if (typeof record.skills !== "object" || record.skills === null || Array.isArray(record.skills))
    return undefined;
  for (const entry of Object.values(record.skills as Record<string, unknown>)) {
    const fields = entry as Partial<LockEntry> | null;
    if (typeof fields?.source !== "string" || typeof fields.computedHash !== "string") return undefined;
  }
  return { version: record.version, skills: { ...(record.skills as Record<string, LockEntry>) } };
}
