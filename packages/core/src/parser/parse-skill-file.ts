/**
 * @module Reads (through the one SKILL.md reader, `read-skill-text.ts`) and parses one SKILL.md and its
 * `agents/openai.yaml` into a skill (SPEC §3). Bad input becomes diagnostics, never exceptions.
 */
import { dirname } from "node:path";
import type { FileStat, FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { parseSplitSkill } from "./parse-skill-text.js";
import type { ParseFileOptions, ParseResult, ParseTextOptions } from "./parsed-skill.js";
import { type OpenAiYamlResult, readOpenAiYaml, readOpenAiYamlSync } from "./read-openai-yaml.js";
import { readSkillText, readSkillTextSync, type SkillText } from "./read-skill-text.js";

/**
 * Reads and parses one SKILL.md and its `agents/openai.yaml`. The reading rules (link policy, regular
 * files only, 8 MiB limit, UTF-8, only the frontmatter decoded) are those of `readSkillText`; its
 * diagnostics (`file-not-found`, `file-not-regular`, `link-refused`, `file-too-large`, …) come back as
 * the result's. Never throws for bad input.
 *
 * @example
 * const { skill, diagnostics } = await parseSkillFile("/repo/.agents/skills/pdf/SKILL.md");
 */
export async function parseSkillFile(path: string, options: ParseFileOptions = {}): Promise<ParseResult> {
  const fs = options.fs ?? nodeFileSystem;
  const noMetadata: Promise<OpenAiYamlResult> = Promise.resolve({ diagnostics: [] });
  const [read, metadata] = await Promise.all([
    readSkillText(path, readOptions(options, fs)),
    options.hasAgentsDir === false ? noMetadata : readOpenAiYaml(options.dir ?? dirname(path), fs),
  ]);
  return parseRead(path, read, options, metadata);
}

/** Options of {@link parseSkillFileSync}: the file system must have the synchronous reads. */
export type ParseFileSyncOptions = Omit<ParseFileOptions, "fs"> & {
  fs?: FileSystem & SyncFileReads;
  /**
   * The file's stat and first `SKILL_HEAD_BYTES` bytes, already read with `readHeadWithStatSync`
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
  const read = readSkillTextSync(path, {
    ...readOptions(options, fs),
    ...(options.head === undefined ? {} : { head: options.head }),
  });
  const metadata =
    options.hasAgentsDir === false || !read.ok
      ? { diagnostics: [] }
      : readOpenAiYamlSync(options.dir ?? dirname(path), fs);
  const result = parseRead(path, read, options, metadata);
  return read.stat === undefined ? { result } : { result, stat: read.stat };
}

function readOptions<F extends FileSystem>(options: ParseFileOptions, fs: F) {
  return {
    fs,
    ...(options.stat === undefined ? {} : { stat: options.stat }),
    ...(options.linkChecked ? { linkChecked: true } : {}),
    ...(options.linkAreas === undefined ? {} : { linkAreas: options.linkAreas }),
  };
}

/** Parses what was read. */
function parseRead(
  path: string,
  read: SkillText,
  options: Pick<ParseFileOptions, "mode" | "dir">,
  metadata: OpenAiYamlResult,
): ParseResult {
  if (!read.ok) return { diagnostics: [read.diagnostic] };
  const textOptions: ParseTextOptions = {
    path,
    dir: options.dir ?? dirname(path),
    mode: options.mode ?? "lenient",
    mtimeMs: read.stat.mtimeMs,
    size: read.stat.size,
  };
  if (metadata.openai !== undefined) textOptions.openai = metadata.openai;
  const result = parseSplitSkill(read.text, read.split, textOptions);
  // A loaded skill shares the result's diagnostics list, so one push reaches both.
  for (const found of metadata.diagnostics) result.diagnostics.push(found);
  const { skill, diagnostics } = result;
  return skill === undefined ? { diagnostics } : { skill, diagnostics };
}
