/**
 * @module Finding a skill by name or by path (SPEC §5, §8) for `registry.lookup`: a path decides on its
 * own; a name means what a `$name` mention means (`findById`), so `show gh-fix-ci` and `$gh-fix-ci`
 * agree. An ambiguous name resolves to none of its candidates.
 */
import { isAbsolute, resolve } from "node:path";
import { findByExactName } from "./exact-skill-name.js";
import type { Lookup, RegistryEntry } from "./registry-types.js";
import { findById, findByPath, lookupFor } from "./skill-lookup.js";

/** True when `key` reads as a path rather than a name (absolute, has a separator, or names a `.md` file). */
export function looksLikePath(key: string): boolean {
  return isAbsolute(key) || key.includes("/") || key.includes("\\") || key === "." || /\.md$/i.test(key);
}

/**
 * Looks up `key` among `entries`.
 * - A path (relative to `cwd`) matches a skill's SKILL.md path, its real path, its folder or its real folder,
 *   whatever its status; `aliases` maps other paths of the same file (reached through another root) to
 *   its real path.
 * - A name is resolved like a `$name` mention: exact bare name, then qualified name (`ns:name`), then the
 *   bare name of a namespaced skill when no un-namespaced skill has it. Shadowed skills are never what a
 *   name means; when the name is ambiguous every candidate is returned, so callers never pick silently.
 * - Else an exact name (`name@scope`, `name@scope-<tag>`, see `exactSkillName`) means the one skill it
 *   was made for, shadowed or not.
 */
export function lookupEntry(
  entries: readonly RegistryEntry[],
  key: string,
  cwd: string,
  aliases: ReadonlyMap<string, string> = new Map(),
): Lookup {
  const lookup = lookupFor(entries);
  // A remote skill's path is a URL (`mcp://<label>/<uri>`, SPEC §16): matched as written, never resolved.
  if (/^mcp:\/\//.test(key)) {
    const remote = findByPath(lookup, key);
    if (remote) return { kind: "found", entry: remote };
  }
  if (looksLikePath(key)) {
    const given = resolve(cwd, key);
    const byPath = findByPath(lookup, aliases.get(given) ?? given);
    if (byPath) return { kind: "found", entry: byPath };
  }
  return lookupName(entries, key);
}

/**
 * Looks up `key` as a name only, never as a path (see {@link lookupEntry}): what a `skill://` URL names,
 * where a name holding a `/` is still a name.
 */
export function lookupName(entries: readonly RegistryEntry[], key: string): Lookup {
  const found = findById(lookupFor(entries), key);
  if (found.kind !== "not-found" || !key.includes("@")) return found;
  return findByExactName(entries, key) ?? found;
}
