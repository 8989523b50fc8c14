/**
 * @module Validates every skill under the paths given to `skillset validate`.
 */

import type { WalkLimits } from "../config/config-schema.js";
import { mapConcurrently } from "../fs/map-concurrently.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { syncReads } from "../fs/sync-reads.js";
import { type HeadThreadOptions, mapWithHeadsSync } from "../parser/index.js";
import { collectSkillFiles } from "./collect-skill-files.js";
import { type ValidateOptions, validateSkillFile, validateSkillFileSync } from "./validate-skill.js";
import type { ValidationReport } from "./validation-report.js";

/** Options of {@link validatePaths}. */
export interface ValidatePathsOptions extends ValidateOptions {
  /** Files validated at once when the file system has no synchronous reads (default 32). */
  concurrency?: number;
  /** Follow links that lead out of a given tree (default false). */
  followExternalLinks?: boolean;
  /** Bounds of each tree's walk (default `VALIDATE_WALK_LIMITS`; see `validateWalkLimits`). */
  limits?: WalkLimits;
  /** When a second thread reads the heads of the files (see `mapWithHeadsSync`); the same reports either way. */
  headThread?: HeadThreadOptions;
}

/**
 * Validates every skill under absolute `paths` (skill folders, SKILL.md files or trees of skills).
 * Returns one report per skill (clean ones included) in path order, then one per unusable path. With a
 * file system that has synchronous reads (the node one does) files are read one after another
 * synchronously, which on thousands of small files costs a fraction of overlapping async reads.
 * Never throws.
 * @example
 * const reports = await validatePaths(["skills/"]); // strict, like `skillset validate --strict`
 * const failed = reports.filter((report) => !report.valid);
 */
export async function validatePaths(
  paths: readonly string[],
  options: ValidatePathsOptions = {},
): Promise<ValidationReport[]> {
  const fs = options.fs ?? nodeFileSystem;
  const mode = options.mode ?? "strict";
  const specOnly = options.specOnly === true;
  const { files, problems } = await collectSkillFiles(paths, {
    fs,
    followExternalLinks: options.followExternalLinks === true,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  const sync = syncReads(fs);
  // Files the walk found (link policy applied) are read ahead in runs, as discovery reads them.
  const reports = sync
    ? mapWithHeadsSync(
        files,
        (file) => (file.linkChecked ? file.path : undefined),
        sync,
        (file, head) =>
          validateSkillFileSync(file.path, {
            fs: sync,
            mode,
            linkChecked: file.linkChecked,
            head,
            specOnly,
          }),
        options.headThread,
      )
    : await mapConcurrently(files, options.concurrency ?? 32, (file) =>
        validateSkillFile(file.path, { fs, mode, linkChecked: file.linkChecked, specOnly }),
      );
  return [...reports, ...problems];
}
