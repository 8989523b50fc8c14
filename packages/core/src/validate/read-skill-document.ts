/**
 * @module Reads one SKILL.md (through the parser's one reader, `readSkillText`) and parses it: the shared
 * first step of validation and lint. Every way reading can fail is the reader's one error diagnostic.
 */
import { dirname } from "node:path";
import type { FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import type { Diagnostic } from "../model/diagnostic.js";
import {
  type ParseMode,
  type ParseTextResult,
  parseSplitSkill,
  readSkillText,
  readSkillTextSync,
  type SkillText,
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
   * Whether the body is needed (lint: yes, the default). Without it only the frontmatter is decoded when
   * it can be: `document.body` is then empty or cut short.
   */
  body?: boolean;
  /** The walker found the path and applied the link policy already. */
  linkChecked?: boolean;
}

function parseRead(path: string, read: SkillText, mode: ParseMode): ReadSkillDocumentResult {
  const dir = dirname(path);
  if (!read.ok) return { path, dir, diagnostics: [read.diagnostic] };
  const parsed = parseSplitSkill(read.text, read.split, { path, dir, mode });
  return { path, dir, parsed, diagnostics: parsed.diagnostics };
}

function readOptions(options: ReadSkillDocumentOptions) {
  return { body: options.body ?? true, linkChecked: options.linkChecked === true };
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
  return parseRead(
    path,
    await readSkillText(path, { ...readOptions(options), fs: options.fs }),
    options.mode,
  );
}

/**
 * {@link readSkillDocument} with the synchronous reads, for checking many files in a row: a synchronous
 * read of a small file costs a fraction of an async one. Never throws.
 */
export function readSkillDocumentSync(
  path: string,
  options: ReadSkillDocumentOptions & {
    fs: FileSystem & SyncFileReads;
    /** The file's stat and head, already read (see `mapWithHeadsSync`). */
    head?: StatAndHead | undefined;
  },
): ReadSkillDocumentResult {
  const read = { ...readOptions(options), fs: options.fs, ...(options.head ? { head: options.head } : {}) };
  return parseRead(path, readSkillTextSync(path, read), options.mode);
}
