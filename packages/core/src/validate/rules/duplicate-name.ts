/**
 * @module Lint rule `duplicate-name`: two skills with one name shadow each other (different scopes) or
 * become ambiguous (same scope), so `$name` may not reach the one the author meant (SPEC §5).
 */
import { relative } from "node:path";
import { diagnostic } from "../../model/diagnostic.js";
import { keyPosition, type LintRule, lintKey } from "../lint-rule.js";

export const duplicateName: LintRule = {
  id: "duplicate-name",
  severity: "warning",
  summary: "No two skills being checked share a name.",
  fix: "Rename one of the skills, or remove the copy.",
  check({ skill, byName }) {
    const others = (byName.get(lintKey(skill)) ?? []).filter((other) => other.path !== skill.path);
    if (others.length === 0) return [];
    const names = others.map((other) => {
      const where = relative(skill.dir, other.path).replaceAll("\\", "/");
      return other.scope ? `${where} (${other.scope} scope)` : where;
    });
    return [
      diagnostic(
        duplicateName.severity,
        duplicateName.id,
        `Skill name '${lintKey(skill)}' is also used by ${names.join(", ")}; one shadows the other or a bare $${skill.name} becomes ambiguous. Rename one of them in SKILL.md (and its folder), or remove the copy.`,
        skill.path,
        { ...keyPosition(skill, "name"), field: "name" },
      ),
    ];
  },
};
