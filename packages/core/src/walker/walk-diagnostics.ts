/**
 * @module The walker's diagnostics: stable codes, and messages that name the path and the fix.
 */
import type { WalkLimits } from "../config/config-schema.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";

const limitReached: Record<keyof WalkLimits, (value: number) => string> = {
  maxDepth: (value) => `skipped folders more than ${value} levels deep`,
  maxDirectories: (value) => `stopped after ${value} folders`,
  maxEntries: (value) => `stopped after ${value} directory entries`,
};

/** `walk-limit`: the walk of `root` stopped early; names the limit and the config key that raises it. */
export function walkLimitReached(root: string, limit: keyof WalkLimits, value: number): Diagnostic {
  return diagnostic(
    "warning",
    "walk-limit",
    `Searching ${root} for skills ${limitReached[limit](value)} (discovery.limits.${limit}); ` +
      `skills beyond that are not listed. Raise discovery.limits.${limit} in the skillset config, ` +
      "or point the root at a smaller folder.",
    root,
  );
}

/**
 * `walk-limit` of a tree given to `validate` or `lint`: their bound is the larger of their own default
 * and the configured one, so the fix names both ways out.
 */
export function checkedTreeLimitReached(root: string, limit: keyof WalkLimits, value: number): Diagnostic {
  return diagnostic(
    "warning",
    "walk-limit",
    `Searching ${root} for skills ${limitReached[limit](value)}; skills beyond that were not checked. ` +
      "Check a folder nearer those skills, or, when checking the project (no paths given), raise " +
      `discovery.limits.${limit} above ${value} in the skillset config.`,
    root,
  );
}

/** `unreadable-directory`: a folder could not be listed; the rest of the walk goes on. */
export function unreadableDirectory(path: string, code: string): Diagnostic {
  return diagnostic(
    "warning",
    "unreadable-directory",
    `Cannot read folder ${path} (${code}); skills inside it are not listed. ` +
      "Give your user read and search permission on it (chmod u+rx) or remove it.",
    path,
  );
}

/** `root-not-a-directory`: a configured or conventional skills root is a file. */
export function rootNotADirectory(path: string): Diagnostic {
  return diagnostic(
    "warning",
    "root-not-a-directory",
    `Skills root ${path} is a file, not a folder; nothing is listed from it. ` +
      "Replace it with a folder holding one sub-folder per skill, or remove it.",
    path,
  );
}

/** `dangling-link`: a symbolic link whose target does not exist. */
export function danglingLink(path: string): Diagnostic {
  return diagnostic(
    "warning",
    "dangling-link",
    `Symbolic link ${path} points to a target that does not exist; it is skipped. ` +
      "Restore the target or remove the link.",
    path,
  );
}

/**
 * `symlink-cycle` (info): a folder link leads back to a folder above it (`target`), or loops on itself
 * (no `target`); it is not followed again.
 */
export function symlinkCycle(
  path: string,
  target?: string,
  severity: "info" | "warning" = "info",
): Diagnostic {
  const where = target ? `leads back to ${target}, which is already being searched` : "loops on itself";
  return diagnostic(
    severity,
    "symlink-cycle",
    `Symbolic link ${path} ${where}; skipped to avoid a loop. Remove the link if nothing needs it.`,
    path,
  );
}

/** `lowercase-skill-file`: `skill.md` is accepted, but the specification's name is `SKILL.md`. */
export function lowercaseSkillFile(path: string): Diagnostic {
  return diagnostic(
    "warning",
    "lowercase-skill-file",
    `${path} is named skill.md; it is loaded, but some agents only look for SKILL.md. Rename it to SKILL.md.`,
    path,
  );
}

/** `skill-file-case`: a `Skill.md` (any other letter case): the folder is not read as a skill. */
export function miscasedSkillFile(path: string, name: string): Diagnostic {
  return diagnostic(
    "error",
    "skill-file-case",
    `${path} is named ${name}; a skill's file is SKILL.md (skill.md is read too), so this folder is not loaded as a skill. Rename it to SKILL.md.`,
    path,
  );
}

/** `link-not-followed` (info): a linked SKILL.md in a root that follows no links. */
export function linkNotFollowed(path: string, system: boolean): Diagnostic {
  return diagnostic(
    "info",
    "link-not-followed",
    `${path} is a symbolic link and links are not followed in this root, so its skill is not loaded. ` +
      (system
        ? "Bundled skills must be real files: replace the link with the file."
        : "Set discovery.followSymlinks to true, or replace the link with the file."),
    path,
  );
}
