/**
 * @module Incremental precedence for a registry that changes one file at a time (the watcher): each name's
 * ranking is kept and reused while the skills sharing that name are the same objects, and a change to a
 * few names is spliced into the previous order instead of sorting every skill again.
 */
import type { Diagnostic } from "../model/diagnostic.js";
import type { Scope, Skill } from "../model/skill.js";
import type { FolderDigest } from "./folder-digests.js";
import {
  type CopyCheck,
  compareRanked,
  compareRankingDiagnostics,
  compareText,
  groupByName,
  type RankedEntry,
  type Ranking,
  rankGroup,
  realDir,
  type ScopeRanks,
  scopeRanks,
} from "./rank-precedence.js";

/** Above this many changed names, sorting everything is as cheap as splicing. */
const DEFAULT_SPLICE_LIMIT = 64;

function sameMembers(a: readonly Skill[], b: readonly Skill[]): boolean {
  return a.length === b.length && a.every((skill, index) => skill === b[index]);
}

/** One name's ranking, and the folder digests it was made with when it consulted any. */
interface KeptGroup {
  members: Skill[];
  ranking: Ranking;
  digests?: (FolderDigest | null | undefined)[];
}

/** Whether the folder digests a ranking consulted are still the ones `copies` has. */
function sameDigests(kept: KeptGroup, copies: CopyCheck | undefined): boolean {
  if (kept.digests === undefined) return true;
  if (copies === undefined) return false;
  return kept.members.every((skill, index) => copies.of(realDir(skill)) === kept.digests![index]);
}

/** Inserts `item` into the sorted `list` after every element that does not sort after it. */
function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, item) <= 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, item);
}

/** Remembers the ranking of every name; `rank` gives the same result as `rankPrecedence`. */
export class RankingMemo {
  private groups = new Map<string, KeptGroup>();
  private order: readonly Scope[] = [];
  private ranks: ScopeRanks = scopeRanks([]);
  private last: Ranking | undefined;
  private readonly spliceLimit: number;

  /** @param options.spliceLimit Most changed names spliced into the previous order (default 64). */
  constructor(options: { spliceLimit?: number } = {}) {
    this.spliceLimit = options.spliceLimit ?? DEFAULT_SPLICE_LIMIT;
  }

  /**
   * Ranks `skills` under `order`, reusing the ranking of every name whose skills (and, for copies, whose
   * folder digests) did not change.
   */
  rank(skills: readonly Skill[], order: readonly Scope[], copies?: CopyCheck): Ranking {
    if (order.join(" ") !== this.order.join(" ")) {
      this.groups.clear();
      this.last = undefined;
      this.order = [...order];
      this.ranks = scopeRanks(order);
    }
    const ranks = this.ranks;
    const byName = groupByName(skills);
    const next = new Map<string, KeptGroup>();
    const stale: Ranking[] = [];
    const fresh: Ranking[] = [];
    for (const [name, members] of byName) {
      const kept = this.groups.get(name);
      if (kept && sameMembers(kept.members, members) && sameDigests(kept, copies)) {
        next.set(name, kept);
        continue;
      }
      if (kept) stale.push(kept.ranking);
      const ranking: Ranking = { entries: [], diagnostics: [] };
      const group: KeptGroup = { members, ranking };
      if (rankGroup(name, members, ranks, ranking.entries, ranking.diagnostics, copies)) {
        group.digests = members.map((skill) => copies!.of(realDir(skill)));
      }
      fresh.push(ranking);
      next.set(name, group);
    }
    for (const [name, kept] of this.groups) if (!byName.has(name)) stale.push(kept.ranking);
    this.groups = next;
    const compareEntries = (a: RankedEntry, b: RankedEntry) => compareRanked(a, b, ranks);

    const last = this.last;
    if (last && stale.length === 0 && fresh.length === 0) return last;
    if (last && stale.length + fresh.length <= this.spliceLimit) {
      const goneEntries = new Set(stale.flatMap((ranking) => ranking.entries));
      const goneDiagnostics = new Set(stale.flatMap((ranking) => ranking.diagnostics));
      const entries = last.entries.filter((entry) => !goneEntries.has(entry));
      const diagnostics = last.diagnostics.filter((found) => !goneDiagnostics.has(found));
      for (const ranking of fresh) {
        for (const entry of ranking.entries) insertSorted(entries, entry, compareEntries);
        for (const found of ranking.diagnostics) insertSorted(diagnostics, found, compareRankingDiagnostics);
      }
      this.last = { entries, diagnostics };
      return this.last;
    }
    const diagnostics: Diagnostic[] = [];
    for (const { ranking } of next.values()) {
      for (const found of ranking.diagnostics) diagnostics.push(found);
    }
    diagnostics.sort(compareRankingDiagnostics);
    this.last = { entries: registryOrder(next, ranks), diagnostics };
    return this.last;
  }
}

/**
 * Every ranked entry in registry order (scope rank, name, path), as `compareRanked` sorts them: the names
 * are sorted once and each name's few entries by rank and path, instead of comparing every entry with
 * every other by name. Paths are unique, so there are no ties to keep stable.
 */
function registryOrder(groups: ReadonlyMap<string, { ranking: Ranking }>, ranks: ScopeRanks): RankedEntry[] {
  const byRank = new Map<number, RankedEntry[]>();
  const byRankAndPath = (a: RankedEntry, b: RankedEntry) =>
    ranks[a.skill.scope] - ranks[b.skill.scope] || compareText(a.skill.path, b.skill.path);
  for (const name of [...groups.keys()].sort(compareText)) {
    let entries = groups.get(name)!.ranking.entries;
    if (entries.length > 1) entries = [...entries].sort(byRankAndPath);
    for (const entry of entries) {
      const rank = ranks[entry.skill.scope];
      const bucket = byRank.get(rank);
      if (bucket) bucket.push(entry);
      else byRank.set(rank, [entry]);
    }
  }
  const ordered: RankedEntry[] = [];
  for (const rank of [...byRank.keys()].sort((a, b) => a - b)) {
    for (const entry of byRank.get(rank)!) ordered.push(entry);
  }
  return ordered;
}
