/**
 * @module Finding a skill by qualified name or by path (SPEC §5, §8): a path decides on its own; a name
 * means its effective skill, and an ambiguous name resolves to none of its candidates.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { Lookup, RegistryEntry } from "./registry-types.js";

/** True when `key` reads as a path rather than a name (absolute, has a separator, or names a `.md` file). */
export function looksLikePath(key: string): boolean {
  return isAbsolute(key) || key.includes("/") || key.includes("\\") || key === "." || /\.md$/i.test(key);
}

/**
 * Looks up `key` among `entries`.
 * - A path (relative to `cwd`) matches a skill's SKILL.md path, its real path, its folder or its real folder,
 *   whatever its status; `aliases` maps other paths of the same file (reached through another root) to
 *   its real path.
 * - A name matches qualified names exactly (`ns:name` for plugin skills, the bare name otherwise; a bare
 *   name never finds a namespaced skill). The effective skill is returned; when the name is ambiguous
 *   every ambiguous candidate is returned instead, so callers never pick silently.
 */
export function lookupEntry(
  entries: readonly RegistryEntry[],
  key: string,
  cwd: string,
  aliases: ReadonlyMap<string, string> = new Map(),
): Lookup {
  if (looksLikePath(key)) {
    const given = resolve(cwd, key);
    const target = aliases.get(given) ?? given;
    const byPath = entries.find(
      ({ skill }) =>
        skill.path === target || skill.id === target || skill.dir === target || dirname(skill.id) === target,
    );
    if (byPath) return { kind: "found", entry: byPath };
  }
  const named = entries.filter((entry) => entry.skill.qualifiedName === key);
  const effective = named.find((entry) => entry.status === "effective");
  if (effective) return { kind: "found", entry: effective };
  const ambiguous = named.filter((entry) => entry.status === "ambiguous");
  if (ambiguous.length > 0) return { kind: "ambiguous", entries: ambiguous };
  return { kind: "not-found" };
}
