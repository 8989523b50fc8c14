/**
 * @module The one SKILL.md reader (SPEC §3, §15): every stage that reads a skill file — discovery, validate,
 * lint, read-properties and the loader — reads it here, with one set of limits, codes and messages.
 *
 * 1. Link policy: a path given directly (not found by the walker, which applies it itself) that is a
 *    symbolic link is read only when its target is a regular file named `SKILL.md` (`link-refused`).
 * 2. Only regular files: the stat (or the `fstat` of the non-blocking open) rules out folders, FIFOs,
 *    sockets and devices before a byte is read (`file-not-regular`); nothing blocks.
 * 3. Size: over {@link MAX_SKILL_FILE_BYTES}, `file-too-large`, nothing read.
 * 4. Text: strict UTF-8 (`encoding-invalid`, `file-binary`); only the frontmatter is decoded unless the
 *    body is asked for; large files are read only as far as the frontmatter can reach.
 *
 * Bad input becomes one error diagnostic naming the path and the fix, never an exception.
 */

import { errorFileKind, NOT_REGULAR_CODE } from "../fs/file-kind.js";
import type { FileStat, FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { notRegularFile, refuseSkillFileLink } from "../walker/link-policy.js";
import { decodeFrontmatter } from "./decode-frontmatter.js";
import { decodeSkillBytes } from "./decode-text.js";
import { MAX_SKILL_FILE_BYTES, SKILL_HEAD_BYTES } from "./parse-limits.js";
import { type FrontmatterSplit, splitFrontmatter } from "./split-frontmatter.js";

/** How to read a SKILL.md. */
export interface ReadSkillTextOptions {
  /** Default the real disk. */
  fs?: FileSystem;
  /**
   * Decode the whole file (lint and the loader need the body). Default false: only what the frontmatter
   * needs; then `text` may stop after the frontmatter and the body may be empty or cut short.
   */
  body?: boolean;
  /**
   * The walker found this path and applied the link policy to it already: skip the `lstat`. Default
   * false: a link is checked here.
   */
  linkChecked?: boolean;
  /** When the link is checked here: real paths its target must lie in (undefined: anywhere). */
  linkAreas?: readonly string[];
  /** The file's stat, when the caller has it (saves a system call). */
  stat?: FileStat;
}

/** What {@link readSkillText} returns: the text and its split, or the one reason it cannot be read. */
export type SkillText =
  | {
      ok: true;
      stat: FileStat;
      /** The decoded text (see {@link ReadSkillTextOptions.body}). */
      text: string;
      split: FrontmatterSplit;
      /** `text` is only the start of the file (no body asked for, file over the head size). */
      partial: boolean;
    }
  | { ok: false; diagnostic: Diagnostic; stat?: FileStat };

type Failure = Extract<SkillText, { ok: false }>;

/** Reads a SKILL.md as text (see the module comment for the rules). Never throws. */
export async function readSkillText(path: string, options: ReadSkillTextOptions = {}): Promise<SkillText> {
  const fs = options.fs ?? nodeFileSystem;
  const body = options.body === true;
  try {
    if (!options.linkChecked) {
      const link = await fs.lstat(path);
      if (link.isSymbolicLink) {
        const refused = refuseSkillFileLink(
          path,
          await fs.realpath(path),
          await fs.stat(path),
          options.linkAreas,
        );
        if (refused) return { ok: false, diagnostic: refused };
      }
    }
    const stat = options.stat ?? (await fs.stat(path));
    const refused = refuseStat(path, stat);
    if (refused) return refused;
    const partial = !body && stat.size > SKILL_HEAD_BYTES;
    const bytes = partial ? await fs.readHead(path, SKILL_HEAD_BYTES) : await fs.readFile(path);
    const text = decode(path, stat, bytes, partial, body);
    if (text !== "truncated") return text;
    return decode(path, stat, await fs.readFile(path), false, body) as SkillText;
  } catch (error) {
    return { ok: false, diagnostic: skillFileProblem(path, error) };
  }
}

/** Options of {@link readSkillTextSync}. */
export interface ReadSkillTextSyncOptions extends ReadSkillTextOptions {
  fs?: FileSystem & SyncFileReads;
  /** The stat and first {@link SKILL_HEAD_BYTES} bytes, already read (`readHeadWithStatSync`). */
  head?: StatAndHead;
}

/** {@link readSkillText} with the synchronous reads: same steps, same results. Never throws. */
export function readSkillTextSync(path: string, options: ReadSkillTextSyncOptions = {}): SkillText {
  const fs = options.fs ?? (nodeFileSystem as FileSystem & SyncFileReads);
  const body = options.body === true;
  try {
    if (!options.linkChecked && fs.lstatSync !== undefined && fs.realpathSync !== undefined) {
      if (fs.lstatSync(path).isSymbolicLink) {
        const refused = refuseSkillFileLink(
          path,
          fs.realpathSync(path),
          fs.statSync(path),
          options.linkAreas,
        );
        if (refused) return { ok: false, diagnostic: refused };
      }
    }
    let stat = options.head?.stat ?? options.stat;
    let bytes = options.head?.bytes;
    if (stat === undefined && !body && fs.readHeadWithStatSync !== undefined) {
      // One open for the stat and the head (never blocks; no bytes unless it is a regular file).
      ({ stat, bytes } = fs.readHeadWithStatSync(path, SKILL_HEAD_BYTES));
    }
    stat ??= fs.statSync(path);
    const refused = refuseStat(path, stat);
    if (refused) return refused;
    const partial = !body && stat.size > SKILL_HEAD_BYTES;
    if (bytes === undefined || (body && bytes.length < stat.size)) {
      bytes = partial ? fs.readHeadSync(path, SKILL_HEAD_BYTES) : fs.readFileSync(path);
    }
    const text = decode(path, stat, bytes, partial, body);
    if (text !== "truncated") return text;
    return decode(path, stat, fs.readFileSync(path), false, body) as SkillText;
  } catch (error) {
    return { ok: false, diagnostic: skillFileProblem(path, error) };
  }
}

/** The failure for a stat that rules the file out (not a regular file, too large), else undefined. */
function refuseStat(path: string, stat: FileStat): Failure | undefined {
  if (!stat.isFile) {
    return { ok: false, stat, diagnostic: notRegularFile(path, stat.isDirectory ? "directory" : stat.kind) };
  }
  if (stat.size > MAX_SKILL_FILE_BYTES) return { ok: false, stat, diagnostic: tooLarge(path, stat.size) };
  return undefined;
}

/**
 * Decodes what was read: only the frontmatter when the body is not needed and it is complete in the
 * bytes, else all of them. `"truncated"` when a partial read cut the frontmatter (read the whole file).
 */
function decode(
  path: string,
  stat: FileStat,
  bytes: Uint8Array,
  partial: boolean,
  body: boolean,
): SkillText | "truncated" {
  if (!body) {
    const short = decodeFrontmatter(bytes, path);
    if (short) return { ok: true, stat, text: short.text, split: short.split, partial };
  }
  const decoded = decodeSkillBytes(bytes, path, { partial });
  if (!decoded.ok) return { ok: false, stat, diagnostic: decoded.diagnostic };
  const split = splitFrontmatter(decoded.text, { partial });
  if (split.kind === "truncated") return "truncated";
  return { ok: true, stat, text: decoded.text, split, partial };
}

/** `file-too-large`: over the 8 MiB limit; nothing is read. */
export function tooLarge(path: string, size: number): Diagnostic {
  return diagnostic(
    "error",
    "file-too-large",
    `${path} is ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_SKILL_FILE_BYTES / 1024 / 1024} MiB limit for SKILL.md; move bulky content into files under references/.`,
    path,
  );
}

/**
 * The error diagnostic for a skill file that cannot be read, by Node error code: `file-not-found`,
 * `file-not-regular` (a folder, FIFO, socket or device), else `file-unreadable`.
 */
export function skillFileProblem(path: string, error: unknown): Diagnostic {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    return diagnostic(
      "error",
      "file-not-found",
      `Path does not exist: ${path} (or it is a broken link); create it or remove the reference to it.`,
      path,
    );
  }
  if (code === "EISDIR") return notRegularFile(path, "directory");
  if (code === NOT_REGULAR_CODE) return notRegularFile(path, errorFileKind(error));
  const name = typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
  const reason =
    code === "EACCES" || code === "EPERM"
      ? "permission denied; make it readable (chmod u+r)"
      : code === "ELOOP"
        ? "it is a link loop; fix the symbolic link"
        : "check the file";
  return diagnostic("error", "file-unreadable", `${path} cannot be read (${name}): ${reason}.`, path);
}
