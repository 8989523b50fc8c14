/**
 * @module Lint rule `reference-depth`: references should be one level deep. A reference file that links
 * to further files makes the model chase a chain, and models often read only part of a nested file.
 */
import { dirname, join, relative, sep } from "node:path";
import { type Diagnostic, diagnostic } from "../../model/diagnostic.js";
import { findReferences } from "../find-references.js";
import type { LintRule } from "../lint-rule.js";

/** Largest reference file read when looking for nested links. */
const MAX_REFERENCE_BYTES = 1024 * 1024;

function insideSkill(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep);
}

function display(dir: string, path: string): string {
  return relative(dir, path).split(sep).join("/");
}

export const referenceDepth: LintRule = {
  id: "reference-depth",
  severity: "warning",
  summary: "Files linked from SKILL.md do not link on to further files (references are one level deep).",
  fix: "Link every reference file directly from SKILL.md instead of from another reference.",
  async check({ skill, fs }) {
    const direct = new Set<string>();
    for (const reference of findReferences(skill.body, skill.bodyLine)) {
      const path = join(skill.dir, reference.target);
      if (reference.kind === "link" && /\.md$/i.test(path) && insideSkill(skill.dir, path)) direct.add(path);
    }
    const found: Diagnostic[] = [];
    for (const file of direct) {
      let text: string;
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile || stat.size > MAX_REFERENCE_BYTES) continue;
        text = await fs.readText(file);
      } catch {
        continue;
      }
      const nested = findReferences(text).filter((reference) => {
        if (reference.kind !== "link") return false;
        const target = join(dirname(file), reference.target);
        return (
          insideSkill(skill.dir, target) && target !== skill.path && target !== file && !direct.has(target)
        );
      });
      const first = nested[0];
      if (!first) continue;
      const names = [
        ...new Set(nested.map((reference) => display(skill.dir, join(dirname(file), reference.target)))),
      ];
      found.push(
        diagnostic(
          referenceDepth.severity,
          referenceDepth.id,
          `${display(skill.dir, file)} links on to ${names.join(", ")}; references should be one level deep from SKILL.md. Link ${names.length === 1 ? "it" : "them"} directly from SKILL.md instead.`,
          file,
          { line: first.line, column: first.column },
        ),
      );
    }
    return found;
  },
};
