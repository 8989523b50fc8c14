/**
 * @module The names the model can use, for the `name` enum of a small catalog (SPEC §10).
 */

import { modelMaySee } from "../loader/usable-skill.js";
import { hasControls } from "../model/inert-text.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import type { SkillToolsContext } from "./tools-context.js";

/**
 * The qualified names that resolve to one usable skill, sorted; `undefined` when there are none or
 * more than `context.nameEnumLimit` (default 64), so the parameter stays a free string. A name holding
 * control or bidi characters is left out (SPEC §15: the schema reaches the model as it is, and a name
 * with them removed would not resolve); that skill stays loadable by path.
 */
export function skillNameEnum(context: SkillToolsContext): [string, ...string[]] | undefined {
  const limit = context.nameEnumLimit ?? 64;
  const names = new Set<string>();
  for (const entry of context.registry.entries() as readonly RegistryEntry[]) {
    const name = entry.skill.qualifiedName;
    if (entry.status === "effective" && modelMaySee(entry, context.isHidden) && !hasControls(name))
      names.add(name);
  }
  if (names.size === 0 || names.size > limit) return undefined;
  return [...names].sort() as [string, ...string[]];
}
