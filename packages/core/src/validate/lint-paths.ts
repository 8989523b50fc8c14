/**
 * @module Lints skill files: a lenient parse (what loading reports) plus the lint rules, per skill.
 */
import { basename } from "node:path";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { hasErrors } from "../model/diagnostic.js";
import type { Scope } from "../model/skill.js";
import { collectSkillFiles } from "./collect-skill-files.js";
import { frontmatterText } from "./frontmatter-text.js";
import { mapConcurrently } from "./limit-concurrency.js";
import type { LintTarget } from "./lint-rule.js";
import { type LintOptions, lintSkills } from "./lint-skills.js";
import { readSkillDocument } from "./read-skill-document.js";
import type { ValidationReport } from "./validation-report.js";

/** A skill file to lint, with its scope and namespace when it comes from the registry. */
export interface LintFile {
  path: string;
  scope?: Scope;
  namespace?: string;
}

/**
 * Lints SKILL.md files. Each report holds the lenient parse's diagnostics, then the lint findings.
 * Files that cannot be read get their read error and are left out of cross-skill rules. Never throws.
 */
export async function lintSkillFiles(
  files: readonly (string | LintFile)[],
  options: LintOptions = {},
): Promise<ValidationReport[]> {
  const fs = options.fs ?? nodeFileSystem;
  const reads = await mapConcurrently(files, options.concurrency ?? 16, async (file) => {
    const { path, scope, namespace } = typeof file === "string" ? ({ path: file } as LintFile) : file;
    const read = await readSkillDocument(path, { fs, mode: "lenient" });
    const document = read.parsed?.document;
    if (!document) return { read };
    const raw = document.raw ?? {};
    const target: LintTarget = {
      path,
      dir: read.dir,
      name: frontmatterText(raw.name)?.trim() || read.parsed?.skill?.name || basename(read.dir),
      raw,
      body: document.body,
      bodyLine: document.bodyLine,
      keyLines: document.keyLines,
    };
    if (scope) target.scope = scope;
    if (namespace) target.namespace = namespace;
    return { read, target };
  });
  const targets = reads.flatMap((entry) => (entry.target ? [entry.target] : []));
  const linted = new Map(
    (await lintSkills(targets, { ...options, fs })).map((result) => [result.skill.path, result]),
  );
  return reads.map(({ read, target }) => {
    const diagnostics = [
      ...read.diagnostics,
      ...(target ? (linted.get(target.path)?.diagnostics ?? []) : []),
    ];
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
  const { files, problems } = await collectSkillFiles(paths, { fs });
  return [...(await lintSkillFiles(files, { ...options, fs })), ...problems];
}
