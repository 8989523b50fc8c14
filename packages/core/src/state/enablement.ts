/**
 * @module The merged enable/disable view over state layers (SPEC §6): user, then project, then
 * environment and flags, each later layer overriding the earlier ones.
 */
import { dirname } from "node:path";
import type { SkillsetState } from "./state-schema.js";

/** What identifies a skill to the state: its name, qualified name, id (real path) and path as found. */
export interface StateSkillRef {
  name: string;
  qualifiedName: string;
  id: string;
  path: string;
}

/** The merged enable/disable view. */
export interface Enablement {
  /** False when the skill is switched off by the state layers. */
  isEnabled(skill: StateSkillRef): boolean;
  /** Keys that are disabled after merging the layers (a later `enabled` entry cancels the same key), sorted. */
  disabledKeys: string[];
}

/** Options of `createEnablement`. */
export interface EnablementOptions {
  /**
   * Indexes of layers that may only switch skills off (an untrusted project's state file, SPEC §11): their
   * `enabled` entries never turn back on what a lower layer switched off.
   */
  narrowOnly?: ReadonlySet<number>;
}

/**
 * Builds the merged view from state layers, lowest first. Within a layer the most specific matching key
 * decides: a path (the skill's `SKILL.md` or its folder, as found or real) beats a name; with both an
 * `enabled` and a `disabled` entry of the same specificity, disabled wins. A later layer that has any
 * matching key overrides earlier layers; a skill no layer mentions is enabled.
 * A bare name matches only un-namespaced skills (`pdf` never switches off `acme:pdf`), because plugin
 * skills never collide with bare names (SPEC §5).
 */
export function createEnablement(
  layers: readonly SkillsetState[],
  options: EnablementOptions = {},
): Enablement {
  const narrowOnly = options.narrowOnly ?? new Set<number>();
  const sets = layers.map((layer, index) => ({
    disabled: new Set(layer.disabled),
    enabled: new Set(layer.enabled),
    narrowOnly: narrowOnly.has(index),
  }));
  const disabled = new Set<string>();
  for (const [index, layer] of layers.entries()) {
    if (!narrowOnly.has(index)) for (const key of layer.enabled) disabled.delete(key);
    for (const key of layer.disabled) disabled.add(key);
  }
  return {
    disabledKeys: [...disabled].sort(),
    isEnabled(skill) {
      const pathKeys = pathKeysOf(skill);
      let enabled = true;
      for (const layer of sets) {
        const decision = decide(layer, pathKeys) ?? decide(layer, [skill.qualifiedName]);
        // A narrow-only layer's `enabled` can keep a skill on, never turn one back on.
        if (decision !== undefined && !(decision && layer.narrowOnly)) enabled = decision;
      }
      return enabled;
    },
  };
}

/**
 * The path keys that name `skill`: its `SKILL.md` and its folder, each as found and real. Any of them in a
 * layer decides for this one skill, and beats a name there.
 */
export function pathKeysOf(skill: Pick<StateSkillRef, "id" | "path">): string[] {
  return [skill.id, skill.path, dirname(skill.id), dirname(skill.path)];
}

function decide(
  layer: { disabled: Set<string>; enabled: Set<string> },
  keys: readonly string[],
): boolean | undefined {
  if (keys.some((key) => layer.disabled.has(key))) return false;
  if (keys.some((key) => layer.enabled.has(key))) return true;
  return undefined;
}
