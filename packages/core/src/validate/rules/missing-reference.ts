/**
 * @module Lint rule `missing-reference`: a relative file named in SKILL.md (a markdown link, or a path
 * such as `scripts/fill.py` in inline code) must exist in the skill's folder, or the model follows a dead
 * end.
 */
import { join } from "node:path";
import { type Diagnostic, diagnostic } from "../../model/diagnostic.js";
import { findReferences } from "../find-references.js";
import type { LintRule } from "../lint-rule.js";
import { referencePlace } from "../reference-place.js";

/**
 * Folders that skills bundle by convention. A path in inline code is checked only when its first
 * folder is one of these or exists in the skill, so that `src/index.ts` (a path in the user's project)
 * is not mistaken for a bundled file.
 */
export const BUNDLED_FOLDERS: readonly string[] = [
  "assets",
  "examples",
  "reference",
  "references",
  "resources",
  "scripts",
  "templates",
];

async function folderNames(context: Parameters<LintRule["check"]>[0]): Promise<Set<string>> {
  try {
    const entries = await context.fs.readdir(context.skill.dir);
    return new Set(entries.filter((entry) => !entry.isFile).map((entry) => entry.name));
  } catch {
    return new Set();
  }
}

export const missingReference: LintRule = {
  id: "missing-reference",
  severity: "warning",
  summary: "Relative files named in SKILL.md exist in the skill's folder.",
  fix: "Add the missing file to the skill, or correct the path in SKILL.md.",
  async check(context) {
    const { skill, fs } = context;
    const references = findReferences(skill.body, skill.bodyLine);
    if (references.length === 0) return [];
    const folders = references.some((reference) => reference.kind === "code")
      ? await folderNames(context)
      : new Set<string>();
    const seen = new Set<string>();
    const found: Diagnostic[] = [];
    for (const reference of references) {
      const target = reference.target.replace(/^\.\//, "");
      if (seen.has(target)) continue;
      if (reference.kind === "code") {
        const first = target.split("/")[0] ?? "";
        if (!BUNDLED_FOLDERS.includes(first) && !folders.has(first)) continue;
      }
      seen.add(target);
      // Outside the skill: `reference-leaves-skill` says so, and whether it exists is never told.
      if ((await referencePlace(skill.dir, target, fs)) === "leaves") continue;
      if (await fs.exists(join(skill.dir, target))) continue;
      found.push(
        diagnostic(
          missingReference.severity,
          missingReference.id,
          `SKILL.md refers to ${target}, which does not exist in the skill's folder. Add the file or correct the path in SKILL.md.`,
          skill.path,
          { line: reference.line, column: reference.column },
        ),
      );
    }
    return found;
  },
};
