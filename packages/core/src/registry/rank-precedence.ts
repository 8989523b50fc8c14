/**
 * @module Precedence (SPEC §5 "Precedence and collisions"), as a pure function: for each qualified name one
 * skill is effective, the rest are shadowed, and a tie at the top makes every tied skill ambiguous.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { SCOPES, type Scope, type Skill } from "../model/skill.js";
import type { RegistryEntry } from "./registry-types.js";

/** A ranked skill: a registry entry before enablement is applied. */
export type RankedEntry = Omit<RegistryEntry, "enabled">;

/** The outcome of ranking: entries in the registry's order, and the precedence diagnostics. */
export interface Ranking {
  entries: RankedEntry[];
  /** One `shadowed` diagnostic per shadowed skill, one `ambiguous` per ambiguous skill. */
  diagnostics: Diagnostic[];
}

/**
 * Rank of a scope under `order` (0 = highest). Scopes missing from `order` come after every listed scope,
 * in their default order, so a partial `scopeOrder` in config still ranks every skill deterministically.
 */
export function scopeRank(scope: Scope, order: readonly Scope[]): number {
  const index = order.indexOf(scope);
  return index >= 0 ? index : order.length + SCOPES.indexOf(scope);
}

/** Compares strings by code unit, independent of locale (same input, same order on every machine). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Registry order: scope rank, then qualified name, then path. */
export function compareSkills(a: Skill, b: Skill, order: readonly Scope[]): number {
  return (
    scopeRank(a.scope, order) - scopeRank(b.scope, order) ||
    compareText(a.qualifiedName, b.qualifiedName) ||
    compareText(a.path, b.path)
  );
}

/** Precedence inside one name: scope rank, then distance to cwd (nearer wins), then path for stability. */
function comparePrecedence(a: Skill, b: Skill, order: readonly Scope[]): number {
  return (
    scopeRank(a.scope, order) - scopeRank(b.scope, order) ||
    (a.source.distance ?? 0) - (b.source.distance ?? 0) ||
    compareText(a.path, b.path)
  );
}

function sameTier(a: Skill, b: Skill, order: readonly Scope[]): boolean {
  return (
    scopeRank(a.scope, order) === scopeRank(b.scope, order) &&
    (a.source.distance ?? 0) === (b.source.distance ?? 0)
  );
}

function describeWhy(winner: Skill, loser: Skill): string {
  if (winner.scope !== loser.scope) return `the ${winner.scope} scope ranks above ${loser.scope}`;
  return "its folder is nearer to the working directory";
}

function withDiagnostic(skill: Skill, extra: Diagnostic): Skill {
  return { ...skill, diagnostics: [...skill.diagnostics, extra] };
}

/**
 * Ranks skills that share a qualified name. Plugin skills are namespaced (`plugin:name`), so they only
 * ever collide with skills of the same plugin. Never drops a skill: every input is in the output.
 *
 * @param skills Skills after duplicate paths and filters were removed, in any order.
 * @param order Scope precedence, highest first (`config.discovery.scopeOrder`).
 */
export function rankPrecedence(skills: readonly Skill[], order: readonly Scope[]): Ranking {
  const groups = new Map<string, Skill[]>();
  for (const skill of skills) {
    const group = groups.get(skill.qualifiedName);
    if (group) group.push(skill);
    else groups.set(skill.qualifiedName, [skill]);
  }
  const entries: RankedEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [name, group] of groups) {
    if (group.length === 1) {
      entries.push({ skill: group[0]!, status: "effective" });
      continue;
    }
    group.sort((a, b) => comparePrecedence(a, b, order));
    const first = group[0]!;
    const top = group.filter((skill) => sameTier(skill, first, order));
    const rest = group.slice(top.length);
    if (top.length === 1) {
      entries.push({ skill: first, status: "effective" });
    } else {
      const paths = top.map((skill) => skill.path);
      for (const skill of top) {
        const found = diagnostic(
          "warning",
          "ambiguous",
          `Skill name '${name}' is ambiguous: ${paths.join(", ")} share the ${skill.scope} scope and the same distance, so a bare '${name}' resolves to none of them; rename or remove all but one, or refer to it by path.`,
          skill.path,
        );
        diagnostics.push(found);
        entries.push({
          skill: withDiagnostic(skill, found),
          status: "ambiguous",
          ambiguousWith: top.filter((other) => other !== skill).map((other) => other.id),
        });
      }
    }
    const winners =
      top.length === 1 ? first.path : `the ambiguous ${top.map((skill) => skill.path).join(", ")}`;
    for (const skill of rest) {
      const found = diagnostic(
        "info",
        "shadowed",
        `Skill '${name}' at ${skill.path} is shadowed by ${winners} (${describeWhy(first, skill)}); rename it or remove the other copy to use this one.`,
        skill.path,
      );
      diagnostics.push(found);
      entries.push({ skill: withDiagnostic(skill, found), status: "shadowed", shadowedBy: first.id });
    }
  }
  const ranks = new Map<Scope, number>(SCOPES.map((scope) => [scope, scopeRank(scope, order)]));
  entries.sort(
    (a, b) =>
      ranks.get(a.skill.scope)! - ranks.get(b.skill.scope)! ||
      compareText(a.skill.qualifiedName, b.skill.qualifiedName) ||
      compareText(a.skill.path, b.skill.path),
  );
  diagnostics.sort((a, b) => compareText(a.path, b.path) || compareText(a.code, b.code));
  return { entries, diagnostics };
}
