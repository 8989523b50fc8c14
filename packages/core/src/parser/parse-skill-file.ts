/**
 * @module Reads and parses one SKILL.md from disk: stat → size check → one read → decode → split → YAML →
 * model (SPEC §3). Bad input becomes diagnostics, never exceptions.
 */
import { dirname } from "node:path";
import type { FileStat, FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { decodeSkillBytes } from "./decode-text.js";
import { MAX_SKILL_FILE_BYTES, SKILL_HEAD_BYTES } from "./parse-limits.js";
import { parseSplitSkill } from "./parse-skill-text.js";
import type { ParseFileOptions, ParseResult } from "./parsed-skill.js";
import { type OpenAiYamlResult, readOpenAiYaml } from "./read-openai-yaml.js";
import { splitFrontmatter } from "./split-frontmatter.js";

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
  const mode = options.mode ?? "lenient";
  const dir = dirname(path);
  let stat: FileStat;
  try {
    stat = options.stat ?? (await fs.stat(path));
  } catch (error) {
    return { diagnostics: [unreadable(path, error)] };
  }
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
  const partial = stat.size > SKILL_HEAD_BYTES;
  const noMetadata: Promise<OpenAiYamlResult> = Promise.resolve({ diagnostics: [] });
  const [read, metadata] = await Promise.all([
    readBytes(fs, path, partial ? SKILL_HEAD_BYTES : undefined),
    options.hasAgentsDir === false ? noMetadata : readOpenAiYaml(dir, fs),
  ]);
  if (!read.ok) return { diagnostics: [read.diagnostic] };
  let decoded = decodeSkillBytes(read.bytes, path, { partial });
  if (!decoded.ok) return { diagnostics: [decoded.diagnostic] };
  let text = decoded.text;
  let split = splitFrontmatter(text, { partial });
  if (split.kind === "truncated") {
    // Rare: leading blank lines pushed a legal frontmatter past the head; read the whole file.
    const whole = await readBytes(fs, path);
    if (!whole.ok) return { diagnostics: [whole.diagnostic] };
    decoded = decodeSkillBytes(whole.bytes, path);
    if (!decoded.ok) return { diagnostics: [decoded.diagnostic] };
    text = decoded.text;
    split = splitFrontmatter(text);
  }
  const result = parseSplitSkill(text, split, {
    path,
    dir,
    mode,
    ...(metadata.openai === undefined ? {} : { openai: metadata.openai }),
    mtimeMs: stat.mtimeMs,
    size: stat.size,
  });
  // A loaded skill shares the result's diagnostics list, so one push reaches both.
  result.diagnostics.push(...metadata.diagnostics);
  return { ...(result.skill === undefined ? {} : { skill: result.skill }), diagnostics: result.diagnostics };
}

type ReadOutcome = { ok: true; bytes: Uint8Array } | { ok: false; diagnostic: Diagnostic };

async function readBytes(fs: FileSystem, path: string, head?: number): Promise<ReadOutcome> {
  try {
    return { ok: true, bytes: head === undefined ? await fs.readFile(path) : await fs.readHead(path, head) };
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
