/**
 * @module Reads one SKILL.md through the FileSystem and parses it: the shared first step of validation
 * and lint. Every way reading can fail (missing, unreadable, too large, not UTF-8, binary) becomes one
 * error diagnostic that names the path and the problem.
 */
import { basename, dirname } from "node:path";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
// Not re-exported by the parser's index; validate is a later stage, so it may use it directly.
import { decodeFrontmatter } from "../parser/decode-frontmatter.js";
import {
  decodeSkillBytes,
  MAX_SKILL_FILE_BYTES,
  type ParseMode,
  type ParseTextResult,
  parseSkillText,
  SKILL_HEAD_BYTES,
  splitFrontmatter,
} from "../parser/index.js";

/** A SKILL.md read and parsed, or the reason it could not be read. */
export interface ReadSkillDocumentResult {
  /** Absolute path of the SKILL.md. */
  path: string;
  /** Absolute path of its folder. */
  dir: string;
  /** The parser's result; absent when the file could not be read as text. */
  parsed?: ParseTextResult;
  /** The read error, or the parser's diagnostics. */
  diagnostics: Diagnostic[];
}

/** Options of {@link readSkillDocument}. */
export interface ReadSkillDocumentOptions {
  fs: FileSystem;
  mode: ParseMode;
  /**
   * Whether the body is needed (lint: yes). Without it only the first {@link SKILL_HEAD_BYTES} are read
   * and only the frontmatter is decoded when it is complete there: `document.body` is then empty or cut
   * short. Either way every byte read is checked as text (UTF-8, no NUL).
   */
  body?: boolean;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown error";
}

function readError(path: string, error: unknown): Diagnostic {
  const code = errorCode(error);
  if (code === "ENOENT") return diagnostic("error", "path-not-found", `Path does not exist: ${path}`, path);
  if (code === "EISDIR") {
    return diagnostic(
      "error",
      "missing-skill-file",
      `Missing required file: SKILL.md (${path} is a folder, not a file). Replace it with a SKILL.md file.`,
      path,
    );
  }
  return diagnostic(
    "error",
    "file-unreadable",
    `Cannot read ${path} (${code}); fix its permissions so it can be read (chmod u+r ${basename(path)}).`,
    path,
  );
}

function tooLarge(path: string, size: number): Diagnostic {
  return diagnostic(
    "error",
    "file-too-large",
    `${path} is ${size} bytes, over the ${MAX_SKILL_FILE_BYTES / 1024 / 1024} MiB limit for SKILL.md; move material into references/ files.`,
    path,
  );
}

/**
 * The text of a whole file: only up to the end of the frontmatter when no body is needed (decoding a
 * body ten times the frontmatter's size would cost more than reading it), else all of it.
 */
function decodeWhole(bytes: Uint8Array, path: string, body: boolean): string | Diagnostic {
  if (!body) {
    const short = decodeFrontmatter(bytes, path);
    if (short) return short.text;
  }
  const decoded = decodeSkillBytes(bytes, path);
  return decoded.ok ? decoded.text : decoded.diagnostic;
}

/**
 * What a head read tells when no body is needed: the text (and whether the file is longer than the head,
 * so its size must still be checked), a decoding error, or `undefined` when the frontmatter runs past the
 * head and the whole file must be read.
 */
function decodeHead(
  head: Uint8Array,
  path: string,
): { text: string; partial: boolean } | Diagnostic | undefined {
  if (head.length < SKILL_HEAD_BYTES) {
    const text = decodeWhole(head, path, false);
    return typeof text === "string" ? { text, partial: false } : text;
  }
  const short = decodeFrontmatter(head, path);
  if (short) return { text: short.text, partial: true };
  const decoded = decodeSkillBytes(head, path, { partial: true });
  if (!decoded.ok) return decoded.diagnostic;
  const split = splitFrontmatter(decoded.text, { partial: true });
  return split.kind === "frontmatter" || split.kind === "none"
    ? { text: decoded.text, partial: true }
    : undefined;
}

/** Reads the file (or its head, when no body is needed) with the asynchronous methods. */
async function readText(fs: FileSystem, path: string, body: boolean): Promise<string | Diagnostic> {
  if (!body) {
    let head: Uint8Array;
    try {
      head = await fs.readHead(path, SKILL_HEAD_BYTES);
    } catch (error) {
      return readError(path, error);
    }
    const found = decodeHead(head, path);
    if (found && "text" in found) {
      if (!found.partial) return found.text;
      try {
        const { size } = await fs.stat(path);
        return size > MAX_SKILL_FILE_BYTES ? tooLarge(path, size) : found.text;
      } catch (error) {
        return readError(path, error);
      }
    }
    if (found) return found;
  }
  let bytes: Uint8Array;
  try {
    const stat = await fs.stat(path);
    if (stat.isDirectory) return readError(path, { code: "EISDIR" });
    if (stat.size > MAX_SKILL_FILE_BYTES) return tooLarge(path, stat.size);
    bytes = await fs.readFile(path);
  } catch (error) {
    return readError(path, error);
  }
  return decodeWhole(bytes, path, body);
}

/** {@link readText} with the synchronous reads: same steps, same results. */
function readTextSync(fs: SyncFileReads, path: string, body: boolean): string | Diagnostic {
  if (!body) {
    let head: Uint8Array;
    try {
      head = fs.readHeadSync(path, SKILL_HEAD_BYTES);
    } catch (error) {
      return readError(path, error);
    }
    const found = decodeHead(head, path);
    if (found && "text" in found) {
      if (!found.partial) return found.text;
      try {
        const { size } = fs.statSync(path);
        return size > MAX_SKILL_FILE_BYTES ? tooLarge(path, size) : found.text;
      } catch (error) {
        return readError(path, error);
      }
    }
    if (found) return found;
  }
  let bytes: Uint8Array;
  try {
    const stat = fs.statSync(path);
    if (stat.isDirectory) return readError(path, { code: "EISDIR" });
    if (stat.size > MAX_SKILL_FILE_BYTES) return tooLarge(path, stat.size);
    bytes = fs.readFileSync(path);
  } catch (error) {
    return readError(path, error);
  }
  return decodeWhole(bytes, path, body);
}

function parseText(path: string, text: string | Diagnostic, mode: ParseMode): ReadSkillDocumentResult {
  const dir = dirname(path);
  if (typeof text !== "string") return { path, dir, diagnostics: [text] };
  const parsed = parseSkillText(text, { path, dir, mode });
  return { path, dir, parsed, diagnostics: parsed.diagnostics };
}

/**
 * Reads and parses a SKILL.md, with synchronous reads when the file system has them all (see
 * {@link syncReads}), else asynchronously. Never throws.
 */
export async function readSkillDocument(
  path: string,
  options: ReadSkillDocumentOptions,
): Promise<ReadSkillDocumentResult> {
  const sync = syncReads(options.fs);
  if (sync) return readSkillDocumentSync(path, { ...options, fs: sync });
  return parseText(path, await readText(options.fs, path, options.body ?? true), options.mode);
}

/**
 * {@link readSkillDocument} with the synchronous reads, for checking many files in a row: a synchronous
 * read of a small file costs a fraction of an async one. Never throws.
 */
export function readSkillDocumentSync(
  path: string,
  options: ReadSkillDocumentOptions & { fs: SyncFileReads },
): ReadSkillDocumentResult {
  return parseText(path, readTextSync(options.fs, path, options.body ?? true), options.mode);
}
