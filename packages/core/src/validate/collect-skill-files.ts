/**
 * @module Turns the paths given to `validate` or `lint` into the SKILL.md files to check. A path may be a
 * skill folder, a SKILL.md, or any tree holding many skills; a path that holds no skill is a finding.
 * Trees are searched by discovery's own walker (SPEC §5): the same bounds, the same link policy, and links
 * that leave the given tree are not followed unless asked (`followExternalLinks`).
 */
import { basename } from "node:path";
import type { WalkLimits } from "../config/config-schema.js";
import type { DirEntry, FileSystem } from "../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/root.js";
import { checkedTreeLimitReached, walkRoot } from "../walker/index.js";
import type { ValidationReport } from "./validation-report.js";

/** A SKILL.md to check. */
export interface SkillFileToCheck {
  path: string;
  /** Found by the walker, which applied the link policy to it already. */
  linkChecked: boolean;
  /** Its folder's entries as the walk read them, when `CollectOptions.keepListings` asked. */
  listing?: readonly DirEntry[];
}

/** The files to check, and a report for each path that could not be used. */
export interface CollectedSkillFiles {
  /** Unique, in the order of the given paths (sorted by path within each tree). */
  files: SkillFileToCheck[];
  /** One report per unusable path or walk finding (missing, not a folder, no SKILL.md, unreadable…). */
  problems: ValidationReport[];
}

/** Options of {@link collectSkillFiles}. */
export interface CollectOptions {
  fs: FileSystem;
  /** Follow links that lead out of the given tree (default false: they are reported, not followed). */
  followExternalLinks?: boolean;
  /** Bounds of each tree's walk; generous by default, since the user pointed at this tree on purpose. */
  limits?: WalkLimits;
  /** Keep each skill folder's entries as the walk read them (for the audit, which reads the folder next). */
  keepListings?: boolean;
  /**
   * Follow a linked SKILL.md out of the given tree to a regular file named SKILL.md (the audit: it reads
   * what an agent would load; see `WalkOptions.skillFileLinksAnywhere`).
   */
  skillFileLinksAnywhere?: boolean;
}

/** The default bounds of a tree given to `validate`/`lint`. */
export const VALIDATE_WALK_LIMITS: WalkLimits = {
  maxDepth: 32,
  maxDirectories: 200_000,
  maxEntries: 2_000_000,
};

/**
 * The bounds for checking a project whose configuration sets `configured` (its `discovery.limits`): each
 * the larger of the two, so a project that lets discovery search deeper is checked as deep, and the small
 * defaults meant for discovery never narrow a check.
 * @example validateWalkLimits(config.discovery.limits).maxDepth // 500 for { maxDepth: 500 }
 */
export function validateWalkLimits(configured: WalkLimits): WalkLimits {
  return {
    maxDepth: Math.max(configured.maxDepth, VALIDATE_WALK_LIMITS.maxDepth),
    maxDirectories: Math.max(configured.maxDirectories, VALIDATE_WALK_LIMITS.maxDirectories),
    maxEntries: Math.max(configured.maxEntries, VALIDATE_WALK_LIMITS.maxEntries),
  };
}

/** Walk findings that say nothing about validity (`skill.md` is accepted by the specification). */
const quietCodes = new Set(["lowercase-skill-file"]);

function problem(path: string, found: Diagnostic): ValidationReport {
  return { path, dir: path, valid: found.severity !== "error", diagnostics: [found] };
}

/**
 * Collects the skill files under absolute `paths`. Messages use the reference validator's phrases
 * (`Path does not exist`, `Not a directory`, `Missing required file: SKILL.md`). Never throws.
 */
export async function collectSkillFiles(
  paths: readonly string[],
  options: CollectOptions,
): Promise<CollectedSkillFiles> {
  const { fs } = options;
  const files: SkillFileToCheck[] = [];
  const seen = new Set<string>();
  const problems: ValidationReport[] = [];
  const add = (file: SkillFileToCheck) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    files.push(file);
  };
  for (const path of paths) {
    let isDirectory: boolean;
    try {
      isDirectory = (await fs.stat(path)).isDirectory;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
      problems.push(
        problem(
          path,
          code === "ENOENT" || code === "ENOTDIR"
            ? diagnostic("error", "file-not-found", `Path does not exist: ${path}`, path)
            : diagnostic(
                "error",
                "file-unreadable",
                `Cannot read ${path} (${code}); fix its permissions.`,
                path,
              ),
        ),
      );
      continue;
    }
    if (!isDirectory) {
      // The reader checks this file itself: a link must lead to a SKILL.md, a FIFO is never opened.
      if (basename(path).toLowerCase() === "skill.md") add({ path, linkChecked: false });
      else {
        problems.push(
          problem(
            path,
            diagnostic(
              "error",
              "not-a-directory",
              `Not a directory: ${path}. Pass a skill folder, its SKILL.md, or a folder of skills.`,
              path,
            ),
          ),
        );
      }
      continue;
    }
    const walked = await walkTree(path, options);
    for (const finding of walked.diagnostics) problems.push(problem(finding.path, finding));
    if (walked.files.length === 0 && walked.diagnostics.every((found) => found.severity !== "error")) {
      problems.push(
        problem(
          path,
          diagnostic(
            "error",
            "missing-skill-file",
            `Missing required file: SKILL.md in ${path} or any folder below it. Create one (skillset new <name> scaffolds a skill) or pass the right folder.`,
            path,
          ),
        ),
      );
    }
    for (const file of walked.files) add(file);
  }
  return { files, problems };
}

/** The skill files below `path` (sorted), and the walk's findings worth reporting. */
async function walkTree(
  path: string,
  options: CollectOptions,
): Promise<{ files: SkillFileToCheck[]; diagnostics: Diagnostic[] }> {
  const { fs } = options;
  const root: Root = { path, scope: "custom", provider: "path", followLinks: true };
  let real: string;
  try {
    real = await fs.realpath(path);
  } catch {
    real = path;
  }
  const walked = await walkRoot(root, {
    fs,
    limits: options.limits ?? VALIDATE_WALK_LIMITS,
    searchHidden: true,
    limitReached: checkedTreeLimitReached,
    ...(options.followExternalLinks ? {} : { linkAreas: [real] }),
    ...(options.keepListings ? { keepSkillListings: true } : {}),
    ...(options.skillFileLinksAnywhere ? { skillFileLinksAnywhere: true } : {}),
  });
  const unreadableRoot = walked.diagnostics.find(
    (found) => found.path === path && found.code === "unreadable-directory",
  );
  // The given folder itself cannot be read: nothing was checked, an error.
  if (unreadableRoot) return { files: [], diagnostics: [{ ...unreadableRoot, severity: "error" }] };
  return {
    files: walked.files
      .map((file): SkillFileToCheck => {
        const found: SkillFileToCheck = { path: file.path, linkChecked: true };
        if (file.listing) found.listing = file.listing;
        return found;
      })
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    diagnostics: walked.diagnostics.filter(
      (found) => found.severity !== "info" && !quietCodes.has(found.code),
    ),
  };
}
