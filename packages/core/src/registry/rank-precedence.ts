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

/** Rank of every scope under `order`: one table per ranking instead of an `indexOf` per comparison. */
export type ScopeRanks = Readonly<Record<Scope, number>>;

/** The {@link scopeRank} of every scope under `order`. */
export function scopeRanks(order: readonly Scope[]): ScopeRanks {
  const ranks = {} as Record<Scope, number>;
  for (const scope of SCOPES) ranks[scope] = scopeRank(scope, order);
  return ranks;
}

/** Registry order of ranked entries: scope rank, then qualified name, then path. */
export function compareRanked(a: RankedEntry, b: RankedEntry, ranks: ScopeRanks): number {
  const x = a.skill;
  const y = b.skill;
  return (
    ranks[x.scope] - ranks[y.scope] ||
    compareText(x.qualifiedName, y.qualifiedName) ||
    compareText(x.path, y.path)
  );
}

/** Order of precedence diagnostics: path, then code. */
export function compareRankingDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return compareText(a.path, b.path) || compareText(a.code, b.code);
}

function describeWhy(winner: Skill, loser: Skill): string {
  if (winner.scope !== loser.scope) return `the ${winner.scope} scope ranks above ${loser.scope}`;
  return "its folder is nearer to the working directory";
}

/** Namespaced skills before bare ones (0 when both or neither are namespaced). */
function namespacedFirst(a: Skill, b: Skill): number {
  return (a.namespace === undefined ? 1 : 0) - (b.namespace === undefined ? 1 : 0);
}

function withDiagnostic(skill: Skill, extra: Diagnostic): Skill {
  return { ...skill, diagnostics: [...skill.diagnostics, extra] };
}

/**
 * Ranks the skills of one qualified name (see {@link rankPrecedence}), appending their entries and
 * diagnostics in no particular order. `group` is not reordered.
 */
export function rankGroup(
  name: string,
  group: readonly Skill[],
  ranks: ScopeRanks,
  entries: RankedEntry[],
  diagnostics: Diagnostic[],
): void {
  if (group.length === 1) {
    entries.push({ skill: group[0]!, status: "effective" });
    return;
  }
  // Precedence: a namespaced (plugin) skill first — its qualified name is its own, and a bare skill whose
  // name only looks like `ns:name` must not take it over (SPEC §5) — then scope rank, then distance to cwd
  // (nearer wins), then path for stability.
  const byTier = (a: Skill, b: Skill) =>
    namespacedFirst(a, b) ||
    ranks[a.scope] - ranks[b.scope] ||
    (a.source.distance ?? 0) - (b.source.distance ?? 0);
  const sorted = [...group].sort((a, b) => byTier(a, b) || compareText(a.path, b.path));
  const first = sorted[0]!;
  let tied = 1;
  while (tied < sorted.length && byTier(sorted[tied]!, first) === 0) tied++;
  const top = sorted.slice(0, tied);
  if (tied === 1) {
    entries.push({ skill: first, status: "effective" });
  } else {
    const paths = top.map((skill) => skill.path).join(", ");
    // Tied skills share their scope, so they share one message (built once, not once per skill).
    const message = `Skill name '${name}' is ambiguous: ${paths} share the ${first.scope} scope and the same distance, so a bare '${name}' resolves to none of them; rename or remove all but one, or refer to it by path.`;
    for (const skill of top) {
      const found = diagnostic("warning", "ambiguous", message, skill.path);
      diagnostics.push(found);
      entries.push({
        skill: withDiagnostic(skill, found),
        status: "ambiguous",
        ambiguousWith: idsExcept(top, skill),
      });
    }
  }
  const winners = tied === 1 ? first.path : `the ambiguous ${top.map((skill) => skill.path).join(", ")}`;
  for (let index = tied; index < sorted.length; index++) {
    const skill = sorted[index]!;
    const found =
      first.namespace !== undefined && skill.namespace === undefined
        ? diagnostic(
            "warning",
            "shadowed",
            `Skill '${name}' at ${skill.path} is not namespaced, but its name equals the qualified name of the plugin skill ${winners}, which always keeps it (plugin skills never collide with bare names); rename this skill (its frontmatter \`name\`, e.g. without the ':') to use it by name. It can still be loaded by path.`,
            skill.path,
          )
        : diagnostic(
            "info",
            "shadowed",
            `Skill '${name}' at ${skill.path} is shadowed by ${winners} (${describeWhy(first, skill)}); rename it or remove the other copy to use this one.`,
            skill.path,
          );
    diagnostics.push(found);
    entries.push({ skill: withDiagnostic(skill, found), status: "shadowed", shadowedBy: first.id });
  }
}

function idsExcept(skills: readonly Skill[], except: Skill): string[] {
  // Sized up front: one list per ambiguous skill stays in the registry, and a grown list keeps spare room.
  const ids = new Array<string>(skills.length - 1);
  let next = 0;
  for (const skill of skills) if (skill !== except) ids[next++] = skill.id;
  return ids;
}

/** Groups skills by qualified name, in first-seen order. */
export function groupByName(skills: readonly Skill[]): Map<string, Skill[]> {
  const groups = new Map<string, Skill[]>();
  for (const skill of skills) {
    const group = groups.get(skill.qualifiedName);
    if (group) group.push(skill);
    else groups.set(skill.qualifiedName, [skill]);
  }
  return groups;
}

/**
 * Ranks skills that share a qualified name. Plugin skills are namespaced (`plugin:name`), so they only
 * ever collide with skills of the same plugin — and with bare skills whose name is written `plugin:name`,
 * which they always win over (shadowed, with a warning to rename). Never drops a skill: every input is in
 * the output.
 * O(n log n): one pass to group, a sort per name, one sort of everything.
 *
 * @param skills Skills after duplicate paths and filters were removed, in any order.
 * @param order Scope precedence, highest first (`config.discovery.scopeOrder`).
 */
export function rankPrecedence(skills: readonly Skill[], order: readonly Scope[]): Ranking {
  const ranks = scopeRanks(order);
  const entries: RankedEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [name, group] of groupByName(skills)) rankGroup(name, group, ranks, entries, diagnostics);
  entries.sort((a, b) => compareRanked(a, b, ranks));
  diagnostics.sort(compareRankingDiagnostics);
  return { entries, diagnostics };
}
