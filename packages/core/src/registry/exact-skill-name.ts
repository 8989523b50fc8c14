/**
 * @module The name that means exactly one skill, whatever its status (SPEC §5, §9, §13): the effective
 * skill of a name is its qualified name; a shadowed or ambiguous one is `name@scope` (the form MCP prompts
 * show), with `-<8 hex digits of its id's hash>` added when that scope holds more than one skill of the
 * name. The suffix comes from the skill itself, not from its place in a list, so a name handed out earlier
 * (a `skill://` URL in an envelope) never comes to mean another skill: it means that one or nothing.
 */
import { nodeBuiltin } from "../fs/node-builtin.js";
import { nameKey } from "../model/name-key.js";
import type { Skill } from "../model/skill.js";
import type { Lookup, RegistryEntry } from "./registry-types.js";
import { findById, lookupFor } from "./skill-lookup.js";

/** 8 hex digits of the SHA-256 of a skill id (its SKILL.md's real path). */
function idTag(id: string): string {
  return nodeBuiltin("node:crypto").createHash("sha256").update(id).digest("hex").slice(0, 8);
}

/** The entries of `scope` whose qualified name is `name`, compared after NFKC (SPEC §4). */
function sameNameAndScope(entries: readonly RegistryEntry[], name: string, scope: string): RegistryEntry[] {
  const key = nameKey(name);
  return entries.filter(({ skill }) => skill.scope === scope && nameKey(skill.qualifiedName) === key);
}

/** A skill's exact name, or the base a tag is still to be added to (the hash is taken when asked for). */
type ExactName = { name: string } | { untagged: string };

/** Exact names by skill id, worked out once per entries array (a registry keeps one until it reloads). */
const exactNamesOf = new WeakMap<readonly RegistryEntry[], Map<string, ExactName>>();

/** Every skill's exact name, in one pass: a name per skill, each looked up alone, costs O(n²) at 16,000. */
function exactNames(entries: readonly RegistryEntry[]): Map<string, ExactName> {
  const known = exactNamesOf.get(entries);
  if (known) return known;
  // Counted by the name's NFKC form, as `findByExactName` finds them.
  const perScope = new Map<string, number>();
  const countKey = (skill: Skill) => `${nameKey(skill.qualifiedName)}@${skill.scope}`;
  for (const { skill } of entries) {
    const key = countKey(skill);
    perScope.set(key, (perScope.get(key) ?? 0) + 1);
  }
  const lookup = lookupFor(entries);
  const names = new Map<string, ExactName>();
  for (const { skill, status } of entries) {
    if (status === "effective") {
      names.set(skill.id, { name: skill.qualifiedName });
      continue;
    }
    const base = `${skill.qualifiedName}@${skill.scope}`;
    // Names come first in a lookup: a skill literally named `pdf@user` keeps that name.
    const unique = perScope.get(countKey(skill)) === 1 && findById(lookup, base).kind === "not-found";
    names.set(skill.id, unique ? { name: base } : { untagged: base });
  }
  exactNamesOf.set(entries, names);
  return names;
}

/**
 * The name that means exactly `skill` among `entries` (see the module comment); its qualified name when
 * it is effective or not among them.
 * @example exactSkillName(shadowedPdf, registry.entries()) // "pdf@user"
 */
export function exactSkillName(skill: Skill, entries: readonly RegistryEntry[]): string {
  const names = exactNames(entries);
  const exact = names.get(skill.id);
  if (exact === undefined) return skill.qualifiedName;
  if ("name" in exact) return exact.name;
  const name = `${exact.untagged}-${idTag(skill.id)}`;
  names.set(skill.id, { name });
  return name;
}

/**
 * What a `name@scope` or `name@scope-<tag>` key means among `entries` (shadowed skills included), or
 * undefined when `key` is not of that form. Several skills under `name@scope` are ambiguous: never a pick.
 */
export function findByExactName(entries: readonly RegistryEntry[], key: string): Lookup | undefined {
  const at = key.lastIndexOf("@");
  if (at <= 0) return undefined;
  const form = /^([a-z]+)(?:-([0-9a-f]{8}))?$/.exec(key.slice(at + 1));
  if (!form) return undefined;
  const [, scope = "", tag] = form;
  const found = sameNameAndScope(entries, key.slice(0, at), scope).filter(
    ({ skill }) => tag === undefined || idTag(skill.id) === tag,
  );
  if (found.length === 0) return { kind: "not-found" };
  if (found.length === 1) return { kind: "found", entry: found[0]! };
  return { kind: "ambiguous", entries: found };
}
