/**
 * @module Skills from sources outside the file system (SPEC §16, remote skills): added to the entries
 * found on disk, ranked only among themselves, so a remote skill (`label:name`) never shadows and is
 * never shadowed by a skill of another origin. Name collisions across origins are shown, not resolved.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { SkillListing } from "../model/remote-origin.js";
import type { Scope } from "../model/skill.js";
import type { Enablement } from "../state/enablement.js";
import { compareSkills, rankPrecedence } from "./rank-precedence.js";
import type { RegistryEntry } from "./registry-types.js";

/** The entries and diagnostics of the local ones, with each source's skills added. */
export function addSourceEntries(
  local: { entries: RegistryEntry[]; diagnostics: Diagnostic[] },
  listings: readonly SkillListing[],
  enablement: Enablement,
  order: readonly Scope[],
): { entries: RegistryEntry[]; diagnostics: Diagnostic[] } {
  if (listings.length === 0) return local;
  const found: Diagnostic[] = [];
  const skills = listings.flatMap((listing) => {
    found.push(...listing.diagnostics);
    return listing.skills;
  });
  // Each origin is its own namespace: ranking them together only marks same-name skills of one server
  // ambiguous (two servers never share a label, so never a qualified name).
  const ranking = rankPrecedence(skills, order);
  found.push(...ranking.diagnostics);
  const byName = new Map<string, RegistryEntry[]>();
  for (const entry of local.entries) {
    for (const key of new Set([entry.skill.name, entry.skill.qualifiedName])) {
      const list = byName.get(key);
      if (list) list.push(entry);
      else byName.set(key, [entry]);
    }
  }
  const remoteByName = new Map<string, string[]>();
  for (const skill of skills) {
    const list = remoteByName.get(skill.name);
    if (list) list.push(skill.qualifiedName);
    else remoteByName.set(skill.name, [skill.qualifiedName]);
  }
  const added = ranking.entries.map((ranked): RegistryEntry => {
    let skill = ranked.skill;
    const others = [
      ...(byName.get(skill.name) ?? []).map(
        (entry) => `${entry.skill.qualifiedName} (${entry.skill.scope}, ${entry.skill.path})`,
      ),
      ...(remoteByName.get(skill.name) ?? []).filter((name) => name !== skill.qualifiedName),
    ];
    if (others.length > 0) {
      const collision = diagnostic(
        "info",
        "remote-name-collision",
        `Remote skill '${skill.qualifiedName}' has the same name as ${[...new Set(others)].join(", ")}; neither replaces the other: '${skill.qualifiedName}' always means the remote one, and a bare '${skill.name}' never resolves to it while another skill has that name.`,
        skill.path,
      );
      found.push(collision);
      skill = { ...skill, diagnostics: [...skill.diagnostics, collision] };
    }
    const entry = {
      ...ranked,
      skill,
      enabled: enablement.disabledKeys.length === 0 || enablement.isEnabled(skill),
    };
    return entry as RegistryEntry;
  });
  const entries = [...local.entries, ...added].sort((a, b) => compareSkills(a.skill, b.skill, order));
  return { entries, diagnostics: [...local.diagnostics, ...found] };
}
