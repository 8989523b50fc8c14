/**
 * @module The include/ignore globs of `discovery` (SPEC §5): filter skills by name or qualified name.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { picomatch } from "../model/lazy-picomatch.js";
import type { Skill } from "../model/skill.js";

/** Decides whether a skill is kept; returns the `filtered` diagnostic when it is not. */
export type NameFilter = (skill: Skill) => Diagnostic | undefined;

function firstMatch(patterns: readonly string[], skill: Skill): string | undefined {
  return patterns.find((pattern) => {
    const matches = picomatch(pattern, { dot: true });
    return matches(skill.name) || matches(skill.qualifiedName);
  });
}

/**
 * Compiles `include` (empty: everything) and `ignore` globs once. A skill is kept when its name or qualified
 * name matches an include pattern and neither matches an ignore pattern. A skill left out is reported
 * with an info `filtered` diagnostic that names the pattern, so nothing disappears silently.
 * @example createNameFilter(["pdf*"], ["*-draft"])
 */
export function createNameFilter(include: readonly string[], ignore: readonly string[]): NameFilter {
  if (include.length === 0 && ignore.length === 0) return () => undefined;
  const included = include.length === 0 ? undefined : picomatch([...include], { dot: true });
  const ignored = ignore.length === 0 ? undefined : picomatch([...ignore], { dot: true });
  return (skill) => {
    if (included && !included(skill.name) && !included(skill.qualifiedName)) {
      return diagnostic(
        "info",
        "filtered",
        `Skill '${skill.qualifiedName}' at ${skill.path} matches none of discovery.include (${include.join(", ")}); add a matching pattern to load it.`,
        skill.path,
      );
    }
    if (ignored && (ignored(skill.name) || ignored(skill.qualifiedName))) {
      const pattern = firstMatch(ignore, skill) ?? ignore.join(", ");
      return diagnostic(
        "info",
        "filtered",
        `Skill '${skill.qualifiedName}' at ${skill.path} is skipped by discovery.ignore pattern '${pattern}'; remove the pattern to load it.`,
        skill.path,
      );
    }
    return undefined;
  };
}
