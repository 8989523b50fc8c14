/**
 * @module Reads and parses one SKILL.md from disk: stat → size check → one read → decode → split → YAML →
 * model (SPEC §3). Bad input becomes diagnostics, never exceptions.
 */
import { dirname } from "node:path";
import type { FileStat, FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { decodeFrontmatter } from "./decode-frontmatter.js";
import { decodeSkillBytes } from "./decode-text.js";
import { MAX_SKILL_FILE_BYTES, SKILL_HEAD_BYTES } from "./parse-limits.js";
import { parseSplitSkill } from "./parse-skill-text.js";
import type { ParseFileOptions, ParseResult, ParseTextOptions } from "./parsed-skill.js";
import { type OpenAiYamlResult, readOpenAiYaml, readOpenAiYamlSync } from "./read-openai-yaml.js";
import { type FrontmatterSplit, splitFrontmatter } from "./split-frontmatter.js";

/**
 * Reads and parses one SKILL.md and its `agents/openai.yaml`. The size is checked with `stat` before
 * reading (over 8 MiB: `file-too-large`); files over {@link SKILL_HEAD_BYTES} are read only as far as the
 * frontmatter can reach, since discovery needs no body. Unreadable paths (`file-not-found`,
 * `file-unreadable`, `file-not-regular` for a folder named SKILL.md), binary or non-UTF-8 files come back
 * as error diagnostics naming the path and the fix. Never throws for bad input.
 *
 * @example
 * const { skill, diagnostics } = await parseSkillFile("/repo/.agents/skills/pdf/SKILL.md");
 */
export async function parseSkillFile(path: string, options: ParseFileOptions = {}): Promise<ParseResult> {
  const fs = options.fs ?? nodeFileSystem;
  let stat: FileStat;
  try {
    stat = options.stat ?? (await fs.stat(path));
  } catch (error) {
    return { diagnostics: [unreadable(path, error)] };
  }
  const refused = refuseStat(path, stat);
  if (refused) return refused;
  const partial = stat.size > SKILL_HEAD_BYTES;
  const noMetadata: Promise<OpenAiYamlResult> = Promise.resolve({ diagnostics: [] });
  const [read, metadata] = await Promise.all([
    readBytes(() => (partial ? fs.readHead(path, SKILL_HEAD_BYTES) : fs.readFile(path)), path),
    options.hasAgentsDir === false ? noMetadata : readOpenAiYaml(options.dir ?? dirname(path), fs),
  ]);
  const parsed = parseRead(path, stat, read, partial, options, metadata);
  if (parsed !== "truncated") return parsed;
  // Rare: leading blank lines pushed a legal frontmatter past the head; read the whole file.
  const whole = await readBytes(() => fs.readFile(path), path);
  return parseRead(path, stat, whole, false, options, metadata) as ParseResult;
}

/** Options of {@link parseSkillFileSync}: the file system must have the synchronous reads. */
export type ParseFileSyncOptions = Omit<ParseFileOptions, "fs"> & {
  fs?: FileSystem & SyncFileReads;
  /**
   * The file's stat and first {@link SKILL_HEAD_BYTES} bytes, already read with `readHeadWithStatSync`
   * (a caller reading many files can read a run of them back to back). Then nothing is read again unless
   * the frontmatter runs past them.
   */
  head?: StatAndHead;
};

/**
 * {@link parseSkillFile} with synchronous reads, for discovery of many small files at start-up, where a
 * synchronous read costs a fraction of an async one. Same result, same diagnostics. Never throws for bad
 * input.
 */
export function parseSkillFileSync(path: string, options: ParseFileSyncOptions = {}): ParseResult {
  return parseSkillFileWithStatSync(path, options).result;
}

/** What {@link parseSkillFileWithStatSync} returns. */
export interface ParsedWithStat {
  result: ParseResult;
  /** The stat the parse went by (the one given, or the one taken); undefined when the file cannot be read. */
  stat?: FileStat;
}

/**
 * {@link parseSkillFileSync}, also returning the file's stat (the registry keeps its mtime and size with
 * the result). Without a given `stat`, a file system with `readHeadWithStatSync` stats and reads the file
 * through one `open`.
 */
export function parseSkillFileWithStatSync(path: string, options: ParseFileSyncOptions = {}): ParsedWithStat {
  const fs = options.fs ?? (nodeFileSystem as FileSystem & SyncFileReads);
  let stat = options.stat;
  let read: ReadOutcome | undefined;
  if (options.head !== undefined) {
    stat = options.head.stat;
    read = { ok: true, bytes: options.head.bytes };
  } else if (stat === undefined && fs.readHeadWithStatSync !== undefined) {
    try {
      const opened = fs.readHeadWithStatSync(path, SKILL_HEAD_BYTES);
      stat = opened.stat;
      read = { ok: true, bytes: opened.bytes };
    } catch {
      // Failing to open can hide what a stat would say (a large file without read permission): go the
      // long way, which reports exactly what it always did.
    }
  }
  if (stat === undefined) {
    try {
      stat = fs.statSync(path);
    } catch (error) {
      return { result: { diagnostics: [unreadable(path, error)] } };
    }
  }
  const refused = refuseStat(path, stat);
  if (refused) return { result: refused, stat };
  const partial = stat.size > SKILL_HEAD_BYTES;
  read ??= readBytesSync(
    () => (partial ? fs.readHeadSync(path, SKILL_HEAD_BYTES) : fs.readFileSync(path)),
    path,
  );
  const metadata =
    options.hasAgentsDir === false
      ? { diagnostics: [] }
      : readOpenAiYamlSync(options.dir ?? dirname(path), fs);
  const parsed = parseRead(path, stat, read, partial, options, metadata);
  if (parsed !== "truncated") return { result: parsed, stat };
  const whole = readBytesSync(() => fs.readFileSync(path), path);
  return { result: parseRead(path, stat, whole, false, options, metadata) as ParseResult, stat };
}

/** The result for a stat that rules the file out (not a file, too large), else undefined. */
function refuseStat(path: string, stat: FileStat): ParseResult | undefined {
  if (!stat.isFile) {
    return {
      diagnostics: [
        diagnostic(
          "error",
          "file-not-regular",
          `${path} is ${stat.isDirectory ? "a folder" : "not a regular file"}, not a file; a skill needs a SKILL.md file in its folder.`,
          path,
        ),
      ],
    };
  }
  if (stat.size > MAX_SKILL_FILE_BYTES) {
    return {
      diagnostics: [
        diagnostic(
          "error",
          "file-too-large",
          `${path} is ${(stat.size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_SKILL_FILE_BYTES / 1024 / 1024} MiB limit for SKILL.md; move bulky content into files under references/.`,
          path,
        ),
      ],
    };
  }
  return undefined;
}

/**
 * Parses what was read; `"truncated"` when a partial read cut the frontmatter (read the whole file and
 * call again with `partial` false).
 */
function parseRead(
  path: string,
  stat: FileStat,
  read: ReadOutcome,
  partial: boolean,
  options: Pick<ParseFileOptions, "mode" | "dir">,
  metadata: OpenAiYamlResult,
): ParseResult | "truncated" {
  if (!read.ok) return { diagnostics: [read.diagnostic] };
  // Usually only the frontmatter is decoded (see decodeFrontmatter); else the whole read, as it is.
  let text: string;
  let split: FrontmatterSplit;
  const short = decodeFrontmatter(read.bytes, path);
  if (short) {
    text = short.text;
    split = short.split;
  } else {
    const decoded = decodeSkillBytes(read.bytes, path, { partial });
    if (!decoded.ok) return { diagnostics: [decoded.diagnostic] };
    text = decoded.text;
    split = splitFrontmatter(text, { partial });
    if (split.kind === "truncated") return "truncated";
  }
  const textOptions: ParseTextOptions = {
    path,
    dir: options.dir ?? dirname(path),
    mode: options.mode ?? "lenient",
    mtimeMs: stat.mtimeMs,
    size: stat.size,
  };
  if (metadata.openai !== undefined) textOptions.openai = metadata.openai;
  const result = parseSplitSkill(text, split, textOptions);
  // A loaded skill shares the result's diagnostics list, so one push reaches both.
  for (const found of metadata.diagnostics) result.diagnostics.push(found);
  const { skill, diagnostics } = result;
  return skill === undefined ? { diagnostics } : { skill, diagnostics };
}

type ReadOutcome = { ok: true; bytes: Uint8Array } | { ok: false; diagnostic: Diagnostic };

async function readBytes(read: () => Promise<Uint8Array>, path: string): Promise<ReadOutcome> {
  try {
    return { ok: true, bytes: await read() };
  } catch (error) {
    return { ok: false, diagnostic: unreadable(path, error) };
  }
}

function readBytesSync(read: () => Uint8Array, path: string): ReadOutcome {
  try {
    return { ok: true, bytes: read() };
  } catch (error) {
    return { ok: false, diagnostic: unreadable(path, error) };
  }
}

/** The error diagnostic for a path that cannot be read, by Node error code. */
export function unreadable(path: string, error: unknown): Diagnostic {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") {
    return diagnostic(
      "error",
      "file-not-found",
      `${path} does not exist (or is a broken link); create it or remove the reference to it.`,
      path,
    );
  }
  if (code === "EISDIR") {
    return diagnostic(
      "error",
      "file-not-regular",
      `${path} is a folder, not a file; a skill needs a SKILL.md file.`,
      path,
    );
  }
  const reason =
    code === "EACCES" || code === "EPERM"
      ? "permission denied; make it readable (chmod +r)"
      : code === "ELOOP"
        ? "it is a link loop; fix the symbolic link"
        : `${typeof code === "string" ? code : error instanceof Error ? error.message : String(error)}; check the file`;
  return diagnostic("error", "file-unreadable", `${path} cannot be read: ${reason}.`, path);
}
