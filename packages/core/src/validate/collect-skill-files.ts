/**
 * @module Turns the paths given to `validate` or `lint` into the SKILL.md files to check. A path may be a
 * skill folder, a SKILL.md, or any tree holding many skills; a path that holds no skill is a finding.
 */
import { basename } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { diagnostic } from "../model/diagnostic.js";
import { findSkillFiles } from "./find-skill-files.js";
import type { ValidationReport } from "./validation-report.js";

/** The files to check, and a report for each path that could not be used. */
export interface CollectedSkillFiles {
  /** Absolute SKILL.md paths, unique, in the order of the given paths (sorted within each tree). */
  files: string[];
  /** One failed report per unusable path (missing, not a folder, no SKILL.md, unreadable). */
  problems: ValidationReport[];
}

function problem(
  path: string,
  severity: "error" | "warning",
  code: string,
  message: string,
): ValidationReport {
  return {
    path,
    dir: path,
    valid: severity !== "error",
    diagnostics: [diagnostic(severity, code, message, path)],
  };
}

/**
 * Collects the skill files under absolute `paths`. Messages use the reference validator's phrases
 * (`Path does not exist`, `Not a directory`, `Missing required file: SKILL.md`). Never throws.
 */
export async function collectSkillFiles(
  paths: readonly string[],
  options: { fs: FileSystem },
): Promise<CollectedSkillFiles> {
  const { fs } = options;
  const files: string[] = [];
  const seen = new Set<string>();
  const problems: ValidationReport[] = [];
  const add = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
  };
  for (const path of paths) {
    let isDirectory: boolean;
    try {
      isDirectory = (await fs.stat(path)).isDirectory;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
      problems.push(
        code === "ENOENT" || code === "ENOTDIR"
          ? problem(path, "error", "path-not-found", `Path does not exist: ${path}`)
          : problem(path, "error", "file-unreadable", `Cannot read ${path} (${code}); fix its permissions.`),
      );
      continue;
    }
    if (!isDirectory) {
      if (basename(path).toLowerCase() === "skill.md") add(path);
      else {
        problems.push(
          problem(
            path,
            "error",
            "not-a-directory",
            `Not a directory: ${path}. Pass a skill folder, its SKILL.md, or a folder of skills.`,
          ),
        );
      }
      continue;
    }
    try {
      await fs.readdir(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
      problems.push(
        problem(
          path,
          "error",
          "folder-unreadable",
          `Cannot read folder ${path} (${code}); fix its permissions.`,
        ),
      );
      continue;
    }
    const found = await findSkillFiles(path, { fs });
    for (const finding of found.diagnostics) {
      problems.push({ path: finding.path, dir: finding.path, valid: true, diagnostics: [finding] });
    }
    if (found.files.length === 0) {
      problems.push(
        problem(
          path,
          "error",
          "missing-skill-file",
          `Missing required file: SKILL.md in ${path} or any folder below it. Create one (skillset new <name> scaffolds a skill) or pass the right folder.`,
        ),
      );
    }
    for (const file of found.files) add(file);
  }
  return { files, problems };
}
