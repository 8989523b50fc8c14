/**
 * @module Validates every skill under the paths given to `skillset validate`.
 */
import { nodeFileSystem } from "../fs/node-file-system.js";
import { collectSkillFiles } from "./collect-skill-files.js";
import { createLimiter } from "./limit-concurrency.js";
import { type ValidateOptions, validateSkillFile } from "./validate-skill.js";
import type { ValidationReport } from "./validation-report.js";

/** Options of {@link validatePaths}. */
export interface ValidatePathsOptions extends ValidateOptions {
  /** Files validated at once (default 32). */
  concurrency?: number;
}

/**
 * Validates every skill under absolute `paths` (skill folders, SKILL.md files or trees of skills).
 * Checking starts as soon as the search finds a file, so reading and parsing overlap the search.
 * Returns one report per skill (clean ones included) in search order, then one per unusable path.
 * Never throws.
 */
export async function validatePaths(
  paths: readonly string[],
  options: ValidatePathsOptions = {},
): Promise<ValidationReport[]> {
  const fs = options.fs ?? nodeFileSystem;
  const limit = createLimiter(options.concurrency ?? 32);
  const started = new Map<string, Promise<ValidationReport>>();
  const check = (file: string) => {
    if (!started.has(file))
      started.set(
        file,
        limit(() => validateSkillFile(file, { ...options, fs })),
      );
  };
  const { files, problems } = await collectSkillFiles(paths, { fs, onFile: check });
  for (const file of files) check(file);
  const reports = await Promise.all(files.map((file) => started.get(file)!));
  return [...reports, ...problems];
}
