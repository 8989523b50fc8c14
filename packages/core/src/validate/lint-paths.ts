/**
 * @module Lints skill files: a lenient parse (what loading reports) plus the lint rules, per skill.
 */

import { mapConcurrently } from "../fs/map-concurrently.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { hasErrors } from "../model/diagnostic.js";
import { collectSkillFiles } from "./collect-skill-files.js";
import { fieldsBeyondSpec } from "./extension-fields.js";
import { type LintOptions, lintSkills } from "./lint-skills.js";
import { type LintFile, loadLintTarget } from "./load-lint-target.js";
import type { ValidationReport } from "./validation-report.js";

/**
 * Lints SKILL.md files. Each report holds the lenient parse's diagnostics, the notes on fields beyond
 * the specification (see `fieldsBeyondSpec`), then the lint findings.
 * Files that cannot be read get their read error and are left out of cross-skill rules. Never throws.
 */
export async function lintSkillFiles(
  files: readonly (string | LintFile)[],
  options: LintOptions = {},
): Promise<ValidationReport[]> {
  const fs = options.fs ?? nodeFileSystem;
  const specOnly = options.specOnly === true;
  const loaded = await mapConcurrently(files, options.concurrency ?? 16, (file) =>
    loadLintTarget(file, { fs }),
  );
  const targets = loaded.flatMap((entry) => (entry.target ? [entry.target] : []));
  const results = await lintSkills(targets, { ...options, fs });
  const findings = new Map(results.map((result) => [result.skill, result.diagnostics]));
  return loaded.map(({ read, target }) => {
    // The fields beyond the specification: notes on those skillset honours; with `specOnly`, every one
    // is the specification's unexpected field (a warning: lint loads leniently).
    const beyond = target
      ? fieldsBeyondSpec(target.raw, {
          path: target.path,
          keyLines: target.keyLines,
          severity: "warning",
          specOnly,
        }).filter((finding) => specOnly || finding.code !== "unexpected-fields")
      : [];
    const diagnostics = [...read.diagnostics, ...beyond, ...((target && findings.get(target)) ?? [])];
    const report: ValidationReport = {
      path: read.path,
      dir: read.dir,
      valid: !hasErrors(diagnostics),
      diagnostics,
    };
    if (target) report.name = target.name;
    return report;
  });
}

/**
 * Lints every skill under absolute `paths` (skill folders, SKILL.md files or trees of skills). Returns
 * one report per skill, clean ones included, then one per unusable path.
 */
export async function lintPaths(
  paths: readonly string[],
  options: LintOptions = {},
): Promise<ValidationReport[]> {
  const fs = options.fs ?? nodeFileSystem;
  const { files, problems } = await collectSkillFiles(paths, {
    fs,
    followExternalLinks: options.followExternalLinks === true,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  return [...(await lintSkillFiles(files, { ...options, fs })), ...problems];
}
