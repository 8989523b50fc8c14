/**
 * CONTRACT (shared by registry, catalog and mentions; the registry implementation may extend it).
 * @module The registry's view of skills: every skill kept, each effective, shadowed or ambiguous (SPEC §5).
 */
import type { Diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";

/**
 * - `effective`: the one skill a bare name means.
 * - `shadowed`: another skill with the same name wins by precedence.
 * - `ambiguous`: same name, same scope, same distance as another: a bare name resolves to neither.
 */
export type SkillStatus = "effective" | "shadowed" | "ambiguous";

export interface RegistryEntry {
  skill: Skill;
  status: SkillStatus;
  /** False when switched off by state (SPEC §6). A disabled skill is listed but never activated. */
  enabled: boolean;
  /** For `shadowed`: the id of the winning skill. */
  shadowedBy?: string;
  /** For `ambiguous`: ids of the other candidates. */
  ambiguousWith?: string[];
}

/** The result of looking up a name, a qualified name (`ns:name`) or a path. */
export type Lookup =
  | { kind: "found"; entry: RegistryEntry }
  | { kind: "ambiguous"; entries: RegistryEntry[] }
  | { kind: "not-found" };
