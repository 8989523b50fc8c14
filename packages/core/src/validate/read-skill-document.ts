/**
 * @module Reads one SKILL.md through the FileSystem and parses it: the shared first step of validation
 * and lint. Every way reading can fail (missing, unreadable, too large, not UTF-8, binary) becomes one
 * error diagnostic that names the path and the problem.
 */
import { basename, dirname } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { decodeSkillBytes } from "../parser/decode-text.js";
import { MAX_SKILL_FILE_BYTES } from "../parser/parse-limits.js";
import type { ParseMode, ParseTextResult } from "../parser/parsed-skill.js";
import { parseSkillText } from "../parser/parse-skill-text.js";

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

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown error";
}

/** Reads and parses a SKILL.md. Never throws. */
export async function readSkillDocument(
  path: string,
  options: { fs: FileSystem; mode: ParseMode },
): Promise<ReadSkillDocumentResult> {
  const { fs, mode } = options;
  const dir = dirname(path);
  const fail = (found: Diagnostic): ReadSkillDocumentResult => ({ path, dir, diagnostics: [found] });
  let bytes: Uint8Array;
  try {
    const stat = await fs.stat(path);
    if (stat.isDirectory) {
      return fail(
        diagnostic(
          "error",
          "missing-skill-file",
          `Missing required file: SKILL.md (${path} is a folder, not a file). Replace it with a SKILL.md file.`,
          path,
        ),
      );
    }
    if (stat.size > MAX_SKILL_FILE_BYTES) {
      return fail(
        diagnostic(
          "error",
          "file-too-large",
          `${path} is ${stat.size} bytes, over the ${MAX_SKILL_FILE_BYTES / 1024 / 1024} MiB limit for SKILL.md; move material into references/ files.`,
          path,
        ),
      );
    }
    bytes = await fs.readFile(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") {
      return fail(diagnostic("error", "path-not-found", `Path does not exist: ${path}`, path));
    }
    return fail(
      diagnostic(
        "error",
        "file-unreadable",
        `Cannot read ${path} (${code}); fix its permissions so it can be read (chmod u+r ${basename(path)}).`,
        path,
      ),
    );
  }
  const decoded = decodeSkillBytes(bytes, path);
  if (!decoded.ok) return fail(decoded.diagnostic);
  const parsed = parseSkillText(decoded.text, { path, dir, mode, size: bytes.length });
  return { path, dir, parsed, diagnostics: parsed.diagnostics };
}
