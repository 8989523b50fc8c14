/**
 * @module Precedence (SPEC §5 "Precedence and collisions"), as a pure function: for each qualified name one
 * skill is effective, the rest are shadowed, and a tie at the top makes every tied skill ambiguous —
 * unless the tied skills are copies (their folders hold the same bytes): then one stands for all and the
 * others are `duplicate` ("Copies are one skill").
 */
import { dirname } from "node:path";
import { type Diagnostic, diagnosticOf, type MessageText } from "../model/diagnostic.js";
import { SCOPES, type Scope, type Skill } from "../model/skill.js";
import { providerOrder } from "../roots/provider-table.js";
import type { FolderDigest } from "./folder-digests.js";
import type { RegistryEntry } from "./registry-types.js";

/**
 * Folder digests for telling copies from different skills. `of` takes a skill's real folder and returns
 * its digest, `undefined` while it is not known yet (the registry computes it and ranks again), or `null`
 * when it cannot be had (unreadable, too large): such a skill is never taken for a copy.
 */
export interface CopyCheck {
  of(dir: string): FolderDigest | null | undefined;
}

/** The real folder of a skill (its id is the real path of its SKILL.md): what a digest is kept by. */
export function realDir(skill: Skill): string {
  return dirname(skill.id);
}

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

/** Position of a provider in the table (agents first): which of several copies stands for them. */
function providerRank(skill: Skill): number {
  const index = providerOrder.indexOf(skill.source.provider);
  return index >= 0 ? index : providerOrder.length;
}

/**
 * The tied skills grouped by their folders' bytes, each group in provider order (then path), or
 * `undefined` while a digest is not known yet. Folders are compared only when the tie spans several
 * roots — the same skill copied into several agents' folders —: one root never holds two copies of itself
 * by accident, and a tree of many same-named skills under one root is then never hashed.
 */
function copyGroups(top: readonly Skill[], copies: CopyCheck | undefined): Skill[][] | undefined {
  if (copies === undefined || top.every((skill) => skill.source.root === top[0]!.source.root))
    return undefined;
  const digests = top.map((skill) => copies.of(realDir(skill)));
  if (digests.some((digest) => digest === undefined)) return undefined;
  const groups = new Map<string, Skill[]>();
  top.forEach((skill, index) => {
    const key = digests[index]?.integrity ?? `unreadable:${skill.path}`;
    const group = groups.get(key);
    if (group) group.push(skill);
    else groups.set(key, [skill]);
  });
  const inOrder = (a: Skill, b: Skill) => providerRank(a) - providerRank(b) || compareText(a.path, b.path);
  return [...groups.values()].map((group) => group.sort(inOrder)).sort((a, b) => inOrder(a[0]!, b[0]!));
}

/** The files in which the folders of `skills` differ (a file missing from one differs), at most `limit`. */
export function differingFiles(skills: readonly Skill[], copies: CopyCheck, limit = 8): string[] {
  const tables = skills.map((skill) => {
    const digest = copies.of(realDir(skill));
    return digest ? new Map(digest.files.map((file) => [file.path, file.sha256])) : undefined;
  });
  const known = tables.filter((table) => table !== undefined);
  const paths = new Set<string>();
  for (const table of known) for (const path of table.keys()) paths.add(path);
  const differ = [...paths]
    .filter((path) => new Set(known.map((table) => table.get(path) ?? "")).size > 1)
    .sort(compareText);
  return differ.length > limit ? [...differ.slice(0, limit), `… ${differ.length - limit} more`] : differ;
}

/** The `ambiguous` message of tied skills, as a template and its arguments (built only when read). */
function ambiguousMessage(
  name: string,
  top: readonly Skill[],
  groups: Skill[][] | undefined,
  copies: CopyCheck | undefined,
): MessageText {
  const paths = top.map((skill) => skill.path).join(", ");
  const shared = "Skill name '{0}' is ambiguous: {1} share the {2} scope and the same distance";
  if (groups === undefined || copies === undefined) {
    return {
      template: `${shared}, so a bare '{0}' resolves to none of them; rename or remove all but one, or refer to it by path.`,
      args: [name, paths, top[0]!.scope],
    };
  }
  const differ = differingFiles(top, copies);
  const unreadable = top.filter((skill) => copies.of(realDir(skill)) === null).map((skill) => skill.dir);
  const how =
    differ.length > 0
      ? ` but their folders differ in ${differ.join(", ")}`
      : unreadable.length > 0
        ? ` and ${unreadable.join(", ")} could not be compared (unreadable or too large)`
        : "";
  return {
    template: `${shared}{3}, so a bare '{0}' resolves to none of them. Make them one skill: keep one folder and replace the others with links to it (\`skillset add <source> --agent …\` links unless given \`--copy\`), or remove all but one; or refer to one by path.`,
    args: [name, paths, top[0]!.scope, how],
  };
}

/**
 * Ranks the skills of one qualified name (see {@link rankPrecedence}), appending their entries and
 * diagnostics in no particular order. `group` is not reordered. Returns whether folder digests were
 * consulted (the ranking then depends on them as well as on the skills).
 */
export function rankGroup(
  name: string,
  group: readonly Skill[],
  ranks: ScopeRanks,
  entries: RankedEntry[],
  diagnostics: Diagnostic[],
  copies?: CopyCheck,
): boolean {
  if (group.length === 1) {
    entries.push({ skill: group[0]!, status: "effective" });
    return false;
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
  const consulted =
    tied > 1 && copies !== undefined && top.some((skill) => skill.source.root !== first.source.root);
  const groups = tied > 1 ? copyGroups(top, copies) : undefined;
  // The skills that stand for their copies: one per group of equal folders (every tied skill without groups).
  const standing = groups ? groups.map((copiesOf) => copiesOf[0]!) : top;
  const winner = standing[0]!;
  if (standing.length === 1) {
    const entry: RankedEntry = { skill: winner, status: "effective" };
    if (groups) entry.alsoIn = groups[0]!.slice(1).map((skill) => skill.path);
    entries.push(entry);
  } else {
    // Tied skills share their scope, so they share one message (built once, not once per skill).
    const { template, args } = ambiguousMessage(name, standing, groups, copies);
    const differsIn = groups && copies ? differingFiles(standing, copies) : undefined;
    for (const [index, skill] of standing.entries()) {
      const found = diagnosticOf("warning", "ambiguous", template, args, skill.path);
      diagnostics.push(found);
      const entry: RankedEntry = {
        skill: withDiagnostic(skill, found),
        status: "ambiguous",
        ambiguousWith: idsExcept(standing, skill),
      };
      if (differsIn !== undefined) entry.differsIn = differsIn;
      const others = groups?.[index]?.slice(1);
      if (others && others.length > 0) entry.alsoIn = others.map((copy) => copy.path);
      entries.push(entry);
    }
  }
  for (const copiesOf of groups ?? []) {
    const standsFor = copiesOf[0]!;
    for (const skill of copiesOf.slice(1)) {
      const found = diagnosticOf(
        "info",
        "duplicate",
        "Skill '{0}' at {path} is a copy of {1} (same files, same scope and distance), so they are one skill; it is listed as '{0}' once, from {2}.",
        [name, standsFor.path, standsFor.dir],
        skill.path,
      );
      diagnostics.push(found);
      entries.push({ skill: withDiagnostic(skill, found), status: "duplicate", duplicateOf: standsFor.id });
    }
  }
  const winners =
    standing.length === 1 ? winner.path : `the ambiguous ${standing.map((skill) => skill.path).join(", ")}`;
  for (let index = tied; index < sorted.length; index++) {
    const skill = sorted[index]!;
    const found =
      first.namespace !== undefined && skill.namespace === undefined
        ? diagnosticOf(
            "warning",
            "shadowed",
            "Skill '{0}' at {path} is not namespaced, but its name equals the qualified name of the plugin skill {1}, which always keeps it (plugin skills never collide with bare names); rename this skill (its frontmatter `name`, e.g. without the ':') to use it by name. It can still be loaded by path.",
            [name, winners],
            skill.path,
          )
        : diagnosticOf(
            "info",
            "shadowed",
            "Skill '{0}' at {path} is shadowed by {1} ({2}); rename it or remove the other copy to use this one.",
            [name, winners, describeWhy(winner, skill)],
            skill.path,
          );
    diagnostics.push(found);
    entries.push({ skill: withDiagnostic(skill, found), status: "shadowed", shadowedBy: winner.id });
  }
  return consulted;
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
 * @param copies Folder digests; without them tied skills are ambiguous even when they are copies.
 */
export function rankPrecedence(
  skills: readonly Skill[],
  order: readonly Scope[],
  copies?: CopyCheck,
): Ranking {
  const ranks = scopeRanks(order);
  const entries: RankedEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [name, group] of groupByName(skills))
    rankGroup(name, group, ranks, entries, diagnostics, copies);
  entries.sort((a, b) => compareRanked(a, b, ranks));
  diagnostics.sort(compareRankingDiagnostics);
  return { entries, diagnostics };
}
