/**
 * @module Validates every skill under the paths given to `skillset validate`.
 */
import { nodeFileSystem } from "../fs/node-file-system.js";
import { collectSkillFiles } from "./collect-skill-files.js";
import { mapConcurrently } from "./limit-concurrency.js";
import { type ValidateOptions, validateSkillFile } from "./validate-skill.js";
import type { ValidationReport } from "./validation-report.js";

/** Options of {@link validatePaths}. */
export interface ValidatePathsOptions extends ValidateOptions {
  /** Files validated at once (default 32). */
  concurrency?: number;
}

/**
 * Validates every skill under absolute `paths` (skill folders, SKILL.md files or trees of skills).
 * Returns one report per skill (clean ones included) in path order, then one per unusable path.
 * Never throws.
 */
export async function validatePaths(
  paths: readonly string[],
  options: ValidatePathsOptions = {},
): Promise<ValidationReport[]> {
  const fs = options.fs ?? nodeFileSystem;
  const validateOptions: ValidateOptions = { fs, mode: options.mode ?? "strict" };
  const { files, problems } = await collectSkillFiles(paths, { fs });
  const reports = await mapConcurrently(files, options.concurrency ?? 32, (file) =>
    validateSkillFile(file, validateOptions),
  );
  return [...reports, ...problems];
}
