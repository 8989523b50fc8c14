/**
 * @module In-memory fixtures: a `Skill` or a `RegistryEntry` from a few fields, for tests of the stages
 * after the registry (catalog, mentions, search) that need no files on disk.
 */
import { qualifiedName, type Skill } from "../model/skill.js";
import type { RegistryEntry } from "../registry/registry-types.js";

/**
 * Builds a complete `Skill` from the fields a test cares about. Defaults: name `example`, scope `repo`,
 * invocable by both model and user, and paths under `/skills/<scope>/` derived from the qualified name
 * (`ns:name` → `ns/name`), so that two fixtures with different names never share a path.
 *
 * @example makeSkill({ name: "pdf", namespace: "docs", invocation: { model: true, user: false } })
 */
export function makeSkill(partial: Partial<Skill> = {}): Skill {
  const name = partial.name ?? "example";
  const qualified = partial.qualifiedName ?? qualifiedName(name, partial.namespace);
  const scope = partial.scope ?? "repo";
  const dir = partial.dir ?? `/skills/${scope}/${qualified.replaceAll(":", "/")}`;
  const path = partial.path ?? `${dir}/SKILL.md`;
  const description = partial.description ?? `Use when the task needs ${name}.`;
  const skill: Skill = {
    id: path,
    name,
    qualifiedName: qualified,
    description,
    path,
    dir,
    scope,
    source: { provider: "agents", root: `/skills/${scope}` },
    invocation: { model: true, user: true },
    frontmatter: { name, description, extra: {}, raw: { name, description } },
    bodyLine: 5,
    mtimeMs: 0,
    size: 100,
    diagnostics: [],
    ...partial,
  };
  return skill;
}

/** Fields of a registry entry, with the skill given as a partial skill (see `makeSkill`). */
export type EntryFixture = Partial<Omit<RegistryEntry, "skill">> & { skill?: Partial<Skill> };

/**
 * Builds a `RegistryEntry`: an enabled, effective skill unless said otherwise.
 *
 * @example makeEntry({ skill: { name: "aleph" }, enabled: false })
 */
export function makeEntry(partial: EntryFixture = {}): RegistryEntry {
  const { skill, ...rest } = partial;
  return { status: "effective", enabled: true, ...rest, skill: makeSkill(skill) };
}
