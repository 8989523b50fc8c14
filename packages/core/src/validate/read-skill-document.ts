/**
 * @module Reads one SKILL.md through the FileSystem and parses it: the shared first step of validation
 * and lint. Every way reading can fail (missing, unreadable, too large, not UTF-8, binary) becomes one
 * error diagnostic that names the path and the problem.
 */
import { basename, dirname } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import {
  decodeSkillBytes,
  MAX_SKILL_FILE_BYTES,
  type ParseMode,
  type ParseTextResult,
  parseSkillText,
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
   * Whether the whole body is needed (lint: yes). Without it only the first {@link HEAD_BYTES} are read
   * when they hold the whole frontmatter, which saves a `stat` and most of the bytes on large files;
   * `document.body` is then cut short.
   */
  body?: boolean;
}

/** Bytes read first when the body is not needed: more than nearly any real frontmatter. */
const HEAD_BYTES = 8 * 1024;

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

/** Reads the whole file after checking its size. */
async function readWhole(fs: FileSystem, path: string): Promise<Uint8Array | Diagnostic> {
  try {
    const stat = await fs.stat(path);
    if (stat.isDirectory) return readError(path, { code: "EISDIR" });
    if (stat.size > MAX_SKILL_FILE_BYTES) return tooLarge(path, stat.size);
    return await fs.readFile(path);
  } catch (error) {
    return readError(path, error);
  }
}

/** Reads the file, or only its head when that holds the whole frontmatter and no body is needed. */
async function readText(fs: FileSystem, path: string, body: boolean): Promise<string | Diagnostic> {
  if (!body) {
    let head: Uint8Array;
    try {
      head = await fs.readHead(path, HEAD_BYTES);
    } catch (error) {
      return readError(path, error);
    }
    if (head.length < HEAD_BYTES) {
      const decoded = decodeSkillBytes(head, path);
      return decoded.ok ? decoded.text : decoded.diagnostic;
    }
    const decoded = decodeSkillBytes(head, path, { partial: true });
    if (!decoded.ok) return decoded.diagnostic;
    const split = splitFrontmatter(decoded.text, { partial: true });
    if (split.kind === "frontmatter" || split.kind === "none") {
      try {
        const stat = await fs.stat(path);
        if (stat.size > MAX_SKILL_FILE_BYTES) return tooLarge(path, stat.size);
      } catch (error) {
        return readError(path, error);
      }
      return decoded.text;
    }
  }
  const bytes = await readWhole(fs, path);
  if (!(bytes instanceof Uint8Array)) return bytes;
  const decoded = decodeSkillBytes(bytes, path);
  return decoded.ok ? decoded.text : decoded.diagnostic;
}

/** Reads and parses a SKILL.md. Never throws. */
export async function readSkillDocument(
  path: string,
  options: ReadSkillDocumentOptions,
): Promise<ReadSkillDocumentResult> {
  const { fs, mode, body = true } = options;
  const dir = dirname(path);
  const text = await readText(fs, path, body);
  if (typeof text !== "string") return { path, dir, diagnostics: [text] };
  const parsed = parseSkillText(text, { path, dir, mode });
  return { path, dir, parsed, diagnostics: parsed.diagnostics };
}
