/**
 * @module Validates one skill folder or SKILL.md, like the reference validator's `validate` (SPEC §4).
 */

import { basename, join } from "node:path";
import type { DirEntry, FileSystem, StatAndHead, SyncFileReads } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { DiagnosticCode } from "../model/codes.js";
import { type Diagnostic, diagnostic, hasErrors } from "../model/diagnostic.js";
import { frontmatterText } from "../parser/frontmatter-text.js";
import { suggestValidName } from "../parser/suggest-valid-name.js";
import { isMiscasedSkillFile, miscasedSkillFile, pickSkillFile } from "../walker/index.js";
import {
  type ReadSkillDocumentResult,
  readSkillDocument,
  readSkillDocumentSync,
} from "./read-skill-document.js";
import { validateFrontmatter } from "./validate-frontmatter.js";
import type { ValidationReport } from "./validation-report.js";

/** How to validate. */
export interface ValidateOptions {
  /**
   * - `strict` (default): the specification exactly, as errors in the reference validator's words: no
   *   YAML repair, no fallbacks, only the six allowed fields.
   * - `lenient`: what loading reports: errors for skills that would not load, warnings for spec breaks
   *   that skillset tolerates (name ≠ folder, repaired YAML, no frontmatter…).
   */
  mode?: "strict" | "lenient";
  /** Default: the real disk. */
  fs?: FileSystem;
  /** The walker found the file and applied the link policy already (see `readSkillText`). */
  linkChecked?: boolean;
  /**
   * Strict mode only: the base specification alone, so the fields skillset honours beyond it are
   * unexpected fields too. Default false: each is an `extension-field` note.
   */
  specOnly?: boolean;
}

/** Parser diagnostics that strict validation replaces with its own, worded as the reference's. */
const replacedInStrictMode = new Set(["missing-frontmatter", "missing-name", "missing-description"]);

function report(path: string, dir: string, diagnostics: Diagnostic[], name?: string): ValidationReport {
  const result: ValidationReport = { path, dir, valid: !hasErrors(diagnostics), diagnostics };
  if (name !== undefined) result.name = name;
  return result;
}

/**
 * Validates one SKILL.md (or lowercase `skill.md`) file. Never throws: unreadable, binary and non-UTF-8
 * files are error diagnostics.
 */
export async function validateSkillFile(
  path: string,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const { mode = "strict", fs = nodeFileSystem, linkChecked = false, specOnly = false } = options;
  return checkDocument(await readSkillDocument(path, { fs, mode, body: false, linkChecked }), mode, specOnly);
}

/**
 * {@link validateSkillFile} with the synchronous reads (see `syncReads`), for validating many files in a
 * row. Same report. Never throws.
 */
export function validateSkillFileSync(
  path: string,
  options: Omit<ValidateOptions, "fs"> & {
    fs: FileSystem & SyncFileReads;
    /** The file's stat and head, already read (see `mapWithHeadsSync`). */
    head?: StatAndHead;
  },
): ValidationReport {
  const { mode = "strict", fs, linkChecked = false, head, specOnly = false } = options;
  return checkDocument(
    readSkillDocumentSync(path, { fs, mode, body: false, linkChecked, head }),
    mode,
    specOnly,
  );
}

/** The report on a SKILL.md as read: the parser's findings, and in strict mode the spec's rules. */
function checkDocument(
  read: ReadSkillDocumentResult,
  mode: "strict" | "lenient",
  specOnly: boolean,
): ValidationReport {
  const { path, dir, parsed } = read;
  if (!parsed) return report(path, dir, read.diagnostics);
  const { document } = parsed;
  const rawName = frontmatterText(document.raw?.name)?.trim();
  const name = rawName || parsed.skill?.name;
  if (mode === "lenient") return report(path, dir, parsed.diagnostics, name);

  const found = parsed.diagnostics.filter((finding) => !replacedInStrictMode.has(finding.code));
  // A frontmatter that starts but never ends (or is too large) has its own finding: "must start with
  // ---" would send the author to fix a line that is right.
  const opened = found.some(
    (finding) => finding.code === "frontmatter-unterminated" || finding.code === "frontmatter-too-large",
  );
  if (!document.hasFrontmatter && !opened) {
    found.unshift(
      diagnostic(
        "error",
        "missing-frontmatter",
        `SKILL.md must start with YAML frontmatter (---). Start ${basename(path)} with ---, name: ${suggestValidName(basename(dir))}, description: …, ---.`,
        path,
        { line: 1, column: 1 },
      ),
    );
  } else if (document.raw) {
    found.push(
      ...validateFrontmatter(document.raw, {
        path,
        dirName: basename(dir),
        keyLines: document.keyLines,
        specOnly,
      }),
    );
  }
  return report(path, dir, found, name);
}

/**
 * Validates one skill folder: it must exist, be a folder and hold `SKILL.md` (a lowercase `skill.md`
 * is accepted when `SKILL.md` is absent; `SKILL.md` wins when both exist).
 *
 * @example
 * const report = await validateSkillDir("/repo/.agents/skills/pdf", { mode: "strict" });
 * if (!report.valid) for (const d of report.diagnostics) console.error(d.message);
 */
export async function validateSkillDir(
  dir: string,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const fs = options.fs ?? nodeFileSystem;
  const fail = (code: DiagnosticCode, message: string) =>
    report(dir, dir, [diagnostic("error", code, message, dir)]);
  let entries: DirEntry[];
  try {
    const stat = await fs.stat(dir);
    if (!stat.isDirectory)
      return fail("not-a-directory", `Not a directory: ${dir}. Pass the folder that holds SKILL.md.`);
    entries = await fs.readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    if (code === "ENOENT") return fail("file-not-found", `Path does not exist: ${dir}`);
    return fail("unreadable-directory", `Cannot read folder ${dir} (${code}); fix its permissions.`);
  }
  const file = pickSkillFile(entries);
  const miscased = file
    ? undefined
    : entries.find((entry) => !entry.isDirectory && isMiscasedSkillFile(entry.name));
  if (miscased) {
    return report(dir, dir, [miscasedSkillFile(join(dir, miscased.name), miscased.name)]);
  }
  if (!file) {
    return fail(
      "missing-skill-file",
      `Missing required file: SKILL.md in ${dir}. Create it with name and description frontmatter (skillset new scaffolds one).`,
    );
  }
  return validateSkillFile(join(dir, file.name), options);
}
