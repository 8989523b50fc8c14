/**
 * @module Reading a file that comes with a skill (SPEC §9, §15): only regular files whose real path is
 * inside the skill folder's real path; text returned, binary described, folders listed, size capped.
 */
import { join } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { SkillsetError } from "../model/errors.js";
import type { Skill } from "../model/skill.js";
import { readSkillText } from "../parser/read-skill-text.js";
import { checkSkillFile, checkSkillFolder } from "./check-skill-folder.js";
import { mediaType } from "./media-type.js";
import { checkReadSize, MAX_SKILL_READ_BYTES } from "./read-limit.js";

/** Options of `readSkillFile`. */
export interface ReadSkillFileOptions {
  /** Largest file returned, in bytes (default {@link MAX_SKILL_READ_BYTES}, 256 KiB). */
  maxBytes?: number;
  /** Most entries listed for a folder (default 200). */
  maxEntries?: number;
  /** The name the returned `uri` addresses the skill by (see `skillUri`); default its qualified name. */
  uriName?: string;
  fs?: FileSystem;
}

/** What a `skill://` URL led to. `uri` is the canonical URL, `path` the file as found under `skill.dir`. */
export type SkillFileContent =
  | { kind: "text"; uri: string; path: string; mediaType: string; size: number; text: string }
  | { kind: "binary"; uri: string; path: string; mediaType: string; size: number }
  | { kind: "folder"; uri: string; path: string; entries: string[]; truncated: boolean };

/**
 * The canonical `skill://` URL of a file of `skill`. `name` is the name the URL addresses the skill by:
 * its qualified name by default; give `exactSkillName` for a shadowed or ambiguous skill, so the URL means
 * that skill and no other. The name and each segment are percent-encoded (`:` and `@` kept as written),
 * so a name with a space, a `/` or a control character still makes one readable, inert URL.
 */
export function skillUri(skill: Skill, segments: readonly string[], name = skill.qualifiedName): string {
  const path = segments.map(encodeURIComponent).join("/");
  const host = encodeURIComponent(name).replaceAll("%3A", ":").replaceAll("%40", "@");
  return `skill://${host}${path === "" ? "" : `/${path}`}`;
}

function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return true;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/**
 * Reads `segments` (already checked by `parseSkillUri`: no `..`, no separators, no NUL) inside
 * `skill`'s folder; no segments means its SKILL.md. Everything is checked at read time: the skill folder
 * must still resolve to the real path discovery recorded (`skill.realDir`; a folder swapped for a link
 * is refused), SKILL.md to its recorded real path (`skill.id`; one swapped for a link to another SKILL.md,
 * even one outside the project, is refused), the target's real path must be inside it (a link inside the skill that points out is
 * refused), and SKILL.md is read by the one SKILL.md reader with its link policy, as loading reads it.
 * Only regular files are opened (a FIFO or device is refused without being opened). Throws a
 * `SkillsetError`: `file-not-found`, `path-refused`, `not-a-file`, `file-too-large`, or the SKILL.md
 * reader's codes (`link-refused`, `file-not-regular`, …).
 * @example const file = await readSkillFile(skill, ["references", "forms.md"]); // inside the skill folder only
 */
export async function readSkillFile(
  skill: Skill,
  segments: readonly string[],
  options: ReadSkillFileOptions = {},
): Promise<SkillFileContent> {
  const fs = options.fs ?? nodeFileSystem;
  const maxBytes = options.maxBytes ?? MAX_SKILL_READ_BYTES;
  const uri = skillUri(skill, segments, options.uriName);
  const isSkillFile = segments.length === 0 || (segments.length === 1 && segments[0] === "SKILL.md");
  // A remote skill's files come through its origin's reader only (SPEC §16), checked against its entry.
  if (skill.origin) {
    const read = await skill.origin.reader.readFile(skill, isSkillFile ? [] : segments, { maxBytes });
    return { ...read, uri };
  }
  const path = isSkillFile ? skill.path : join(skill.dir, ...segments);
  const notFound = (cause?: unknown) =>
    new SkillsetError(
      "file-not-found",
      `File not found: ${uri} (no ${segments.join("/") || "SKILL.md"} in ${skill.dir}).`,
      {
        path,
        ...(cause === undefined ? {} : { cause }),
      },
    );
  const refusedOut = () =>
    new SkillsetError(
      "path-refused",
      `Refused ${uri}: it leads outside the skill folder (a symbolic link to another place). Only files inside ${skill.dir} can be read.`,
      { path },
    );
  // Checked now, not only at discovery: the folder (or SKILL.md) may have been swapped for a link since.
  const base = await (isSkillFile ? checkSkillFile : checkSkillFolder)(skill, fs, uri, notFound);
  if (isSkillFile) return readSkillMarkdown(skill, uri, maxBytes, fs);
  const real = await resolveInside(base, segments, fs, notFound, refusedOut);
  const stat = await fs.stat(real).catch((error: unknown) => {
    throw notFound(error);
  });
  if (stat.isDirectory) return readFolder(uri, path, real, fs, options.maxEntries ?? 200);
  if (!stat.isFile) {
    throw new SkillsetError(
      "not-a-file",
      `Refused ${uri}: it is not a regular file (a pipe, socket or device is never opened).`,
      {
        path,
      },
    );
  }
  checkReadSize(uri, path, stat.size, maxBytes);
  const bytes = await fs.readFile(real);
  if (looksBinary(bytes))
    return { kind: "binary", uri, path, mediaType: mediaType(path, true), size: bytes.length };
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
  return { kind: "text", uri, path, mediaType: mediaType(path, false), size: bytes.length, text };
}

/**
 * SKILL.md, read as loading reads it (the one reader: a link is followed only to a regular file named
 * SKILL.md, regular files only), so a SKILL.md replaced by a link to another file is refused.
 */
async function readSkillMarkdown(
  skill: Skill,
  uri: string,
  maxBytes: number,
  fs: FileSystem,
): Promise<SkillFileContent> {
  const read = await readSkillText(skill.id, { fs, body: true });
  if (!read.ok) throw new SkillsetError(read.diagnostic.code, read.diagnostic.message, { path: skill.path });
  checkReadSize(uri, skill.path, read.stat.size, maxBytes);
  const text = read.text.replace(/^\uFEFF/, "");
  return {
    kind: "text",
    uri,
    path: skill.path,
    mediaType: mediaType(skill.path, false),
    size: read.stat.size,
    text,
  };
}

async function readFolder(
  uri: string,
  path: string,
  real: string,
  fs: FileSystem,
  maxEntries: number,
): Promise<SkillFileContent> {
  const entries = (await fs.readdir(real))
    .filter((entry) => !entry.name.startsWith("."))
    .map((entry) => (entry.isDirectory ? `${entry.name}/` : entry.name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    kind: "folder",
    uri,
    path,
    entries: entries.slice(0, maxEntries),
    truncated: entries.length > maxEntries,
  };
}

/**
 * Follows `segments` from `base` one at a time, resolving each symbolic link on the way and refusing
 * as soon as one leads out of `base` — before anything below it is looked at, so whether a file
 * exists outside the skill is never revealed.
 */
async function resolveInside(
  base: string,
  segments: readonly string[],
  fs: FileSystem,
  notFound: (cause?: unknown) => Error,
  refusedOut: () => Error,
): Promise<string> {
  let current = base;
  for (const segment of segments) {
    const next = join(current, segment);
    const stat = await fs.lstat(next).catch((error: unknown) => {
      throw notFound(error);
    });
    if (!stat.isSymbolicLink) {
      current = next;
      continue;
    }
    const target = await fs.realpath(next).catch((error: unknown) => {
      throw notFound(error);
    });
    if (!isSameOrInside(target, base)) throw refusedOut();
    current = target;
  }
  return current;
}
