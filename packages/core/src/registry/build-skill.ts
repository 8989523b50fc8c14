/**
 * @module A `Skill` from what the walker found and what the parser read: the registry adds the id (real
 * path), the namespace and qualified name, the scope and the source (SPEC §2).
 */
import type { Diagnostic } from "../model/diagnostic.js";
import { qualifiedName, type Skill, type SkillSource } from "../model/skill.js";
import type { ParsedSkill } from "../parser/index.js";
import type { FoundSkillFile } from "../walker/index.js";

function diagnosticKey(found: Diagnostic): string {
  return `${found.severity}\u0000${found.code}\u0000${found.path}\u0000${found.line ?? ""}\u0000${found.message}`;
}

/** Concatenates diagnostic lists, keeping the first of identical findings. */
export function mergeDiagnostics(...lists: readonly (readonly Diagnostic[])[]): Diagnostic[] {
  // Usually at most one list has findings: a plain copy, without building the list of lists.
  let filled: readonly Diagnostic[] | undefined;
  let count = 0;
  for (const list of lists) {
    if (list.length === 0) continue;
    filled = list;
    count++;
  }
  if (count <= 1) return filled === undefined ? [] : [...filled];
  const seen = new Set<string>();
  const merged: Diagnostic[] = [];
  for (const list of lists) {
    for (const found of list) {
      const key = diagnosticKey(found);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(found);
    }
  }
  return merged;
}

/**
 * Builds the skill. `extra` holds findings about the file from other stages (the walker's lowercase
 * `skill.md` warning, the parse result's top-level diagnostics); they are merged without duplicates.
 */
export function buildSkill(file: FoundSkillFile, parsed: ParsedSkill, extra: readonly Diagnostic[]): Skill {
  const { root } = file;
  const source: SkillSource = { provider: root.provider, root: root.path };
  if (root.distance !== undefined) source.distance = root.distance;
  const skill: Skill = {
    id: file.realPath,
    name: parsed.name,
    qualifiedName: qualifiedName(parsed.name, root.namespace),
    description: parsed.description,
    path: file.path,
    dir: file.dir,
    realDir: file.realDir,
    scope: root.scope,
    source,
    invocation: parsed.invocation,
    frontmatter: parsed.frontmatter,
    bodyLine: parsed.bodyLine,
    mtimeMs: parsed.mtimeMs,
    size: parsed.size,
    diagnostics: mergeDiagnostics(extra, parsed.diagnostics),
  };
  if (root.namespace !== undefined) skill.namespace = root.namespace;
  if (parsed.openai !== undefined) skill.openai = parsed.openai;
  return skill;
}
