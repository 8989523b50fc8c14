/**
 * @module Registry entries for every skill of the shared corpus, parsed the way discovery parses them,
 * for the search-quality test and benchmarks (no registry: the corpus is not laid out as skill roots).
 */
import { parseSkillFileSync } from "../parser/parse-skill-file.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import { listSkillFiles } from "./corpus.js";
import { makeEntry } from "./make-skill.js";

/** One effective, enabled entry per loadable SKILL.md under `dir`, in path order. */
export function corpusEntries(dir: string): RegistryEntry[] {
  const entries: RegistryEntry[] = [];
  for (const file of listSkillFiles(dir)) {
    const { skill } = parseSkillFileSync(file);
    if (skill)
      entries.push(makeEntry({ skill: { ...skill, id: file, qualifiedName: skill.name, scope: "user" } }));
  }
  return entries;
}
