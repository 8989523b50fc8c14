/**
 * @module The one JSON shape of a skill, printed by every command that names skills (`list`, `show`,
 * `watch`, `search`, `resolve`, `catalog`, `validate`, `lint`, …) and described by
 * `schemas/cli-output.schema.json` (`#/$defs/skill`). Values are exact (JSON escapes them; nothing is
 * made inert here).
 */
import type { Diagnostic, Skill } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";

/**
 * The registry's verdict on a skill: effective, shadowed, ambiguous or duplicate (a copy of another, SPEC
 * §5), and whether it is enabled.
 */
export interface SkillStateJson {
  status: RegistryEntry["status"];
  enabled: boolean;
  shadowedBy?: string;
  ambiguousWith?: string[];
  duplicateOf?: string;
  alsoIn?: string[];
  /** True when a permission rule denies it (SPEC §11): it is refused on every path, whatever `enabled` says. */
  denied?: boolean;
  /** The rule that denies it and the file it is written in. */
  deniedBy?: string;
}

/** A skill as JSON: `name` is the bare name, `qualifiedName` adds the namespace (`plugin:name`). */
export interface SkillJson {
  name: string;
  qualifiedName: string;
  description: string;
  path: string;
  id: string;
  scope: Skill["scope"];
  source: Skill["source"];
  state?: SkillStateJson;
  diagnostics: Diagnostic[];
}

/** The state part of a registry entry; `denial`: why the policy denies it, when it does. */
export function stateJson(entry: RegistryEntry, denial?: string): SkillStateJson {
  return {
    status: entry.status,
    enabled: entry.enabled,
    ...(entry.shadowedBy === undefined ? {} : { shadowedBy: entry.shadowedBy }),
    ...(entry.ambiguousWith === undefined ? {} : { ambiguousWith: entry.ambiguousWith }),
    ...(entry.duplicateOf === undefined ? {} : { duplicateOf: entry.duplicateOf }),
    ...(entry.alsoIn === undefined ? {} : { alsoIn: entry.alsoIn }),
    ...(denial === undefined ? {} : { denied: true, deniedBy: denial }),
  };
}

/** A skill as JSON; pass its registry entry's state when there is one (a skill read from a path has none). */
export function skillJson(skill: Skill, state?: SkillStateJson): SkillJson {
  return {
    name: skill.name,
    qualifiedName: skill.qualifiedName,
    description: skill.description,
    path: skill.path,
    id: skill.id,
    scope: skill.scope,
    source: skill.source,
    ...(state === undefined ? {} : { state }),
    diagnostics: skill.diagnostics as Diagnostic[],
  };
}

/** A registry entry as JSON: the skill with its state. */
export function entryJson(entry: RegistryEntry): SkillJson {
  return skillJson(entry.skill, stateJson(entry));
}

/** A registry entry as JSON with the policy's verdict: `denial` says why a rule denies it, when one does. */
export function entryJsonWithPolicy(entry: RegistryEntry, denial: string | undefined): SkillJson {
  return skillJson(entry.skill, stateJson(entry, denial));
}
