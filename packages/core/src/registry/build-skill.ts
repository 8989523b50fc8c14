/**
 * @module A `Skill` from what the walker found and what the parser read: the registry adds the id (real
 * path), the namespace and qualified name, the scope and the source (SPEC §2).
 */
import type { Diagnostic } from "../model/diagnostic.js";
import { mergeDiagnostics } from "../model/merge-diagnostics.js";
import { qualifiedName, type Skill, type SkillSource } from "../model/skill.js";
import type { ParsedSkill } from "../parser/index.js";
import type { FoundSkillFile } from "../walker/index.js";

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
