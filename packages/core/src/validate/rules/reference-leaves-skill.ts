/**
 * @module Lint rule `reference-leaves-skill`: a file named in SKILL.md lies outside the skill's folder (an
 * absolute path, `..`, or a link that leads out). A skill travels as its folder; files outside it are not
 * there on another machine, and lint never tells whether such a file exists.
 */
import { type Diagnostic, diagnostic } from "../../model/diagnostic.js";
import { findReferences } from "../find-references.js";
import type { LintRule } from "../lint-rule.js";
import { referencePlace } from "../reference-place.js";

export const referenceLeavesSkill: LintRule = {
  id: "reference-leaves-skill",
  severity: "warning",
  summary: "Files named in SKILL.md lie inside the skill's folder.",
  fix: "Copy the file into the skill (e.g. references/) and name it by a relative path without '..'.",
  async check({ skill, fs }) {
    const found: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const reference of findReferences(skill.body, skill.bodyLine)) {
      const target = reference.target.replace(/^\.\//, "");
      if (seen.has(target)) continue;
      seen.add(target);
      if ((await referencePlace(skill.dir, target, fs)) === "inside") continue;
      found.push(
        diagnostic(
          referenceLeavesSkill.severity,
          referenceLeavesSkill.id,
          `SKILL.md refers to ${target}, which leaves the skill's folder; it is not checked. ${referenceLeavesSkill.fix}`,
          skill.path,
          { line: reference.line, column: reference.column },
        ),
      );
    }
    return found;
  },
};
