/**
 * @module `skills-lock.json`, field for field as vercel's `skills` CLI writes it (SPEC §14): `version`,
 * `skills` by name with `source`, `sourceUrl` (git sources), `ref`, `sourceType`, `skillPath` in its form
 * (`<folder>/SKILL.md`; the bare folder skillset wrote before is read too) and `computedHash`; then
 * skillset's own `integrity`, `resolved` and `agents`. Fields neither knows (another tool's, at the top or
 * in an entry) are kept with their text exactly as read (`json-members.ts`). Written sorted and indented
 * as vercel writes it, so a lock shared by both tools diffs cleanly. vercel's CLI keeps entries it does
 * not rewrite as they are, but drops every top-level field but `version` and `skills`, and writes the entry
 * of a skill it adds or updates afresh (skillset's fields and any other tool's are gone from that entry).
 */
import type { SourceType } from "../source/source-spec.js";
import { type JsonMember, lastMembers, objectMembers } from "./json-members.js";
import { shownName } from "./skill-folder-name.js";

/** Fields of another tool, each as `[key, its JSON text as read]`, in the order read. */
export type OtherFields = ReadonlyArray<readonly [string, string]>;

/** One installed skill. */
export interface LockEntry {
  source: string;
  sourceType: SourceType | string;
  /** What vercel's CLI clones for a git source (written by both tools for `git`; read for `git`, `gitlab`). */
  sourceUrl?: string;
  ref?: string;
  /** vercel's digest (interop; used to verify only entries without `integrity`). */
  computedHash: string;
  /** skillset's digest, used to verify (absent in locks written by vercel's CLI). */
  integrity?: string;
  /** The commit or URL that was fetched. */
  resolved?: string;
  /**
   * The skill's folder inside the source (`/`-separated, `.` for the source's root). The file holds
   * vercel's form, `<folder>/SKILL.md` (`SKILL.md` for the root); `parseLock` and `renderLock` convert.
   */
  skillPath?: string;
  /** Agents whose folders link to the installed copy. */
  agents?: string[];
  /** Fields of other tools in this entry, kept as read. */
  otherFields?: OtherFields;
}

export interface LockFile {
  version: number;
  skills: Record<string, LockEntry>;
  /** Top-level fields of other tools, kept as read. */
  otherFields?: OtherFields;
  /** The top-level keys in the order read: written back in that order (a `$schema` first stays first). */
  fieldOrder?: readonly string[];
}

/** The entry fields skillset knows, in the order they are written (vercel's first, as vercel writes them). */
const KNOWN_FIELDS = [
  "source",
  "sourceUrl",
  "ref",
  "sourceType",
  "skillPath",
  "computedHash",
  "integrity",
  "resolved",
  "agents",
] as const;

/**
 * Whether two entries record the same thing (every known field; another tool's fields aside): a command
 * that read the lock before a long fetch commits only entries no other command changed meanwhile.
 */
export function sameEntry(a: LockEntry | undefined, b: LockEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return KNOWN_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/** The folder a lock's `skillPath` names, in either form (`a/b/SKILL.md` or `a/b`; `SKILL.md` is the root). */
export function skillFolderOfPath(skillPath: string): string {
  if (skillPath === "SKILL.md" || skillPath === "./SKILL.md") return ".";
  return skillPath.endsWith("/SKILL.md") ? skillPath.slice(0, -"/SKILL.md".length) : skillPath;
}

/** `skillPath` as vercel writes it: the folder's `SKILL.md`. */
function vercelSkillPath(folder: string): string {
  return folder === "." || folder === "" ? "SKILL.md" : `${folder}/SKILL.md`;
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

/**
 * The lock's text: skills sorted by name (code units, as vercel sorts), 2-space JSON, final newline; other
 * tools' fields written back with the text they were read with.
 */
export function renderLock(lock: LockFile): string {
  const names = Object.keys(lock.skills).sort();
  const skills = renderObject(
    names.map((name) => [name, renderEntry(lock.skills[name]!)]),
    1,
  );
  const values = new Map<string, string>([
    ...(lock.otherFields ?? []),
    ["version", JSON.stringify(lock.version)],
    ["skills", skills],
  ]);
  const order = new Set([...(lock.fieldOrder ?? []), "version", "skills", ...values.keys()]);
  const top = [...order].filter((key) => values.has(key)).map((key) => [key, values.get(key)!] as const);
  return `${renderObject(top, 0)}\n`;
}

function renderEntry(entry: LockEntry): string {
  const members: Array<readonly [string, string]> = [];
  for (const field of KNOWN_FIELDS) {
    const value =
      field === "skillPath" && entry.skillPath !== undefined
        ? vercelSkillPath(entry.skillPath)
        : entry[field];
    if (value !== undefined) members.push([field, JSON.stringify(value, null, 2).replace(/\n/g, "\n      ")]);
  }
  for (const member of entry.otherFields ?? [])
    if (!(KNOWN_FIELDS as readonly string[]).includes(member[0])) members.push(member);
  return renderObject(members, 2);
}

/** `{ … }` with one member a line at `depth` (values already rendered for that depth), as JSON.stringify does. */
function renderObject(members: ReadonlyArray<readonly [string, string]>, depth: number): string {
  if (members.length === 0) return "{}";
  const pad = "  ".repeat(depth + 1);
  const lines = members.map(([key, value]) => `${pad}${JSON.stringify(key)}: ${value}`);
  return `{\n${lines.join(",\n")}\n${"  ".repeat(depth)}}`;
}

/** A parsed lock, or what is wrong with the text (naming the skill and field). */
export type ParsedLock = { lock: LockFile; problem?: undefined } | { lock?: undefined; problem: string };

/**
 * Parses lock text. A lock is shared through version control, so its keys are untrusted: a key never
 * becomes a path itself, only the one folder name `lockedFolderName` makes of it (as vercel's CLI does),
 * so `remove ../../x` removes `.agents/skills/x`, never anything outside the skills folder.
 */
export function parseLock(text: string): ParsedLock {
  let value: unknown;
  text = text.replace(/^\uFEFF/, "");
  try {
    value = JSON.parse(text);
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
    const problem = entryProblem(entry);
    if (problem) return { problem: `skill ${shownName(name)}: ${problem}` };
  }
  const top = objectMembers(text, 0);
  // One map of entries by name: a lock of thousands of skills is read in linear time.
  const skillMembers = lastMembers(objectMembers(text, lastMembers(top).get("skills")!.start));
  const entries = Object.entries(record.skills as Record<string, LockEntry>).map(
    ([name, entry]): [string, LockEntry] => {
      // Only the known fields become the entry's; the rest are kept as text (a `__proto__` key too).
      const read = Object.fromEntries(
        KNOWN_FIELDS.filter((field) => Object.hasOwn(entry, field)).map((field) => [field, entry[field]]),
      ) as unknown as LockEntry;
      if (read.skillPath !== undefined) read.skillPath = skillFolderOfPath(read.skillPath);
      const other = otherMembers(text, objectMembers(text, skillMembers.get(name)!.start), KNOWN_FIELDS);
      if (other.length > 0) read.otherFields = other;
      return [name, read];
    },
  );
  const lock: LockFile = { version: record.version, skills: skillMap(entries) };
  const other = otherMembers(text, top, ["version", "skills"]);
  if (other.length > 0) {
    lock.otherFields = other;
    lock.fieldOrder = [...new Set(top.map((member) => member.key))];
  }
  return { lock };
}

/** The members not named in `known`, each once (the last, as `JSON.parse` keeps), with their text. */
function otherMembers(text: string, members: readonly JsonMember[], known: readonly string[]): OtherFields {
  const kept = new Map<string, string>();
  for (const member of members)
    if (!known.includes(member.key)) kept.set(member.key, text.slice(member.start, member.end));
  return [...kept];
}

/** What is wrong with one entry, or `undefined`. */
function entryProblem(entry: unknown): string | undefined {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    return "the entry must be an object";
  const fields = entry as Partial<Record<keyof LockEntry, unknown>>;
  if (typeof fields.source !== "string") return "`source` must be a string";
  if (typeof fields.computedHash !== "string") return "`computedHash` must be a string";
  if (fields.ref !== undefined && typeof fields.ref !== "string") return "`ref` must be a string";
  for (const field of ["resolved", "sourceUrl", "skillPath", "integrity"] as const)
    if (fields[field] !== undefined && typeof fields[field] !== "string")
      return `\`${field}\` must be a string`;
  if (
    fields.agents !== undefined &&
    !(Array.isArray(fields.agents) && fields.agents.every((agent) => typeof agent === "string"))
  )
    return "`agents` must be a list of agent names";
  return undefined;
}
