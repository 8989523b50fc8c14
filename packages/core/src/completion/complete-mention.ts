/**
 * @module `completeMention`: the skill completions for the mention token under a composer's cursor
 * (seed 000 slice 2, SPEC §8). UI-free and fast enough for every keystroke: per-registry tables are
 * built on first use, and a query that extends the previous one only re-checks what that one kept.
 *
 * @example
 * const completion = completeMention("fix it with $sd", 15, registry.entries());
 * completion?.candidates[0].insertText // "$systematic-debugging"
 * // replace text.slice(completion.start, completion.end) with it
 */
import { nameKey } from "../model/name-key.js";
import type { Scope } from "../model/skill.js";
import { lookupFor } from "../registry/index.js";
import type { RegistryEntry, SkillRegistry } from "../registry/registry-types.js";
import {
  type CandidatePool,
  type CandidateRecord,
  descriptionSurvivors,
  matchesWords,
  nameSurvivors,
  poolFor,
  recordIndex,
} from "./candidate-index.js";
import { findTokenAt, type TokenForm } from "./find-token-at.js";
import { insertText } from "./insert-text.js";
import {
  hasWordStartingWith,
  isSubsequence,
  type MatchKind,
  rangePositions,
  subsequencePositions,
  wordBoundaryPositions,
} from "./match-name.js";

/** Options of `completeMention`. */
export interface CompleteMentionOptions {
  /** Recently used skills, most recent first (skill ids or qualified names): first among equals. */
  recent?: readonly string[];
  /** Most candidates returned. Default 50. */
  limit?: number;
}

/** One skill offered for the token. */
export interface MentionCandidate {
  /** What to show: the qualified name (`ns:name`, or the name). */
  label: string;
  name: string;
  qualifiedName: string;
  /** Replaces `text.slice(start, end)`: `$name`, `$ns:name`, `[$name](path)`, `/name`, `skill://name`. */
  insertText: string;
  /** Matched UTF-16 offsets in `label`, for highlighting (empty for a description match). */
  positions: number[];
  match: MatchKind;
  scope: Scope;
  /** The skill's description: text from a skill file, untrusted (make it inert before showing it). */
  description: string;
  /** Listed, but a mention of it is refused until it is enabled. */
  disabled: boolean;
  /** No name reaches this skill alone; `insertText` is a linked mention for `$` and `[$`. */
  ambiguous: boolean;
  /** Listed in `options.recent`. */
  recent: boolean;
  id: string;
  path: string;
}

/** The completions for the token under the cursor. */
export interface MentionCompletion {
  form: TokenForm;
  /** The replacement range (UTF-16, `end` exclusive): the whole token, sigil included. */
  start: number;
  end: number;
  /** The id typed before the cursor, as typed. */
  query: string;
  /** Best first: exact, prefix, word boundary, subsequence, description; recently used first among equals. */
  candidates: MentionCandidate[];
}

const DEFAULT_LIMIT = 50;
/** A description match needs this many typed characters (one letter would match most descriptions). */
const MIN_DESCRIPTION_QUERY = 2;

interface Picked {
  index: number;
  match: MatchKind;
}

/** Positions of `query` in the record's label, for a name match. */
function labelPositions(record: CandidateRecord, query: string, picked: Picked): number[] {
  const label = record.entry.skill.qualifiedName;
  if (record.qualified.length !== label.length || query === "") return [];
  const offset = record.qualified.length - record.name.length;
  switch (picked.match) {
    case "exact":
    case "prefix":
      return record.name.startsWith(query)
        ? rangePositions(offset, query.length)
        : rangePositions(0, query.length);
    case "word":
      return wordBoundaryPositions(query, record.qualified) ?? [];
    case "subsequence":
      return isSubsequence(query, record.name)
        ? subsequencePositions(query, record.name).map((position) => position + offset)
        : subsequencePositions(query, record.qualified);
    default:
      return [];
  }
}

/** How a record matches `query` (lowercase), or undefined: the tiers `rank` sorts into. */
function classify(record: CandidateRecord, query: string): MatchKind | undefined {
  const { name, qualified } = record;
  if (name === query || qualified === query) return "exact";
  if (name.startsWith(query) || qualified.startsWith(query)) return "prefix";
  if (isSubsequence(query, qualified)) {
    return matchesWords(record, query) ? "word" : "subsequence";
  }
  if (query.length < MIN_DESCRIPTION_QUERY) return undefined;
  record.description ??= record.entry.skill.description.toLowerCase();
  return hasWordStartingWith(record.description, query) ? "description" : undefined;
}

/** The records of one tier, enabled and disabled apart, each in base order and capped at what can be shown. */
class Tier {
  readonly enabled: number[] = [];
  readonly disabled: number[] = [];
  constructor(private readonly cap: number) {}
  /** Adds a record. */
  add(pool: CandidatePool, index: number): void {
    const list = (pool.records[index] as CandidateRecord).entry.enabled ? this.enabled : this.disabled;
    if (list.length < this.cap) list.push(index);
  }

  /** True once later records of this tier cannot be shown (enabled ones come before every disabled one). */
  get full(): boolean {
    return this.enabled.length >= this.cap;
  }
}

/**
 * The ranking: tier by tier, recently used skills of the tier first (most recent first), then enabled,
 * then disabled skills, in base order. Lower tiers are only computed while there is room; nothing is
 * allocated per skill scanned.
 */
class Ranking {
  readonly out: Picked[] = [];
  private readonly recentTiers: [number, MatchKind | undefined][];
  constructor(
    pool: CandidatePool,
    query: string,
    private readonly recentRank: ReadonlyMap<number, number>,
    private readonly limit: number,
  ) {
    this.recentTiers = [...recentRank.keys()].map((index) => [
      index,
      classify(pool.records[index] as CandidateRecord, query),
    ]);
  }

  get full(): boolean {
    return this.out.length >= this.limit;
  }

  get room(): number {
    return this.limit - this.out.length;
  }

  isRecent(index: number): boolean {
    return this.recentRank.has(index);
  }

  emit(match: MatchKind, tier: Tier): void {
    for (const [index, recentMatch] of this.recentTiers) {
      if (recentMatch === match && !this.full) this.out.push({ index, match });
    }
    for (const list of [tier.enabled, tier.disabled]) {
      for (const index of list) {
        if (this.full) return;
        this.out.push({ index, match });
      }
    }
  }
}

function rank(
  pool: CandidatePool,
  query: string,
  recentRank: ReadonlyMap<number, number>,
  limit: number,
): Picked[] {
  const ranking = new Ranking(pool, query, recentRank, limit);
  if (limit === 0) return ranking.out;
  const survivors = nameSurvivors(pool, query);
  const exact = new Tier(limit);
  const prefix = new Tier(limit);
  const rest: number[] = [];
  for (const index of survivors) {
    if (ranking.isRecent(index)) continue;
    const { name, qualified } = pool.records[index] as CandidateRecord;
    // Base order is by name length: past the query's length no exact match is left, and once the
    // prefix tier is full nothing after it is shown.
    if (name.length > query.length && prefix.full) break;
    if (name === query || qualified === query) exact.add(pool, index);
    else if (name.startsWith(query) || qualified.startsWith(query)) prefix.add(pool, index);
    else rest.push(index);
  }
  ranking.emit("exact", exact);
  ranking.emit("prefix", prefix);
  if (ranking.full) return ranking.out;
  const word = new Tier(ranking.room);
  const subsequence = new Tier(ranking.room);
  for (const index of rest) {
    if (matchesWords(pool.records[index] as CandidateRecord, query)) {
      word.add(pool, index);
      if (word.full) break;
    } else subsequence.add(pool, index);
  }
  ranking.emit("word", word);
  ranking.emit("subsequence", subsequence);
  if (ranking.full || query.length < MIN_DESCRIPTION_QUERY) return ranking.out;
  const described = new Tier(ranking.room);
  for (const index of descriptionSurvivors(pool, query)) {
    const record = pool.records[index] as CandidateRecord;
    if (ranking.isRecent(index) || isSubsequence(query, record.qualified)) continue;
    described.add(pool, index);
    if (described.full) break;
  }
  ranking.emit("description", described);
  return ranking.out;
}

function recentRanks(pool: CandidatePool, recent: readonly string[] | undefined): Map<number, number> {
  const ranks = new Map<number, number>();
  recent?.forEach((key, order) => {
    const index = recordIndex(pool, key);
    if (index !== undefined && !ranks.has(index)) ranks.set(index, order);
  });
  return ranks;
}

/** One skill ranked for a query (see `rankSkills`). */
export interface RankedSkill {
  entry: RegistryEntry;
  /** The qualified name, which `positions` index. */
  label: string;
  match: MatchKind;
  /** Matched UTF-16 offsets in `label` (empty for a description match). */
  positions: number[];
  recent: boolean;
}

/** Options of `rankSkills`. */
export interface RankSkillsOptions extends CompleteMentionOptions {
  /** Only skills a person may invoke (`$`, `/`); default false: every not-shadowed skill. */
  userOnly?: boolean;
}

/**
 * The skills that match `query` (a name, part of one, initials or a description word), best first, with
 * the ranking `completeMention` uses — for pickers and palettes that have a query but no mention token.
 */
export function rankSkills(
  registry: SkillRegistry | readonly RegistryEntry[],
  query: string,
  options: RankSkillsOptions = {},
): RankedSkill[] {
  const entries = Array.isArray(registry) ? registry : (registry as SkillRegistry).entries();
  const pool = poolFor(entries, options.userOnly === true);
  const lower = nameKey(String(query)).toLowerCase();
  const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));
  const recentRank = recentRanks(pool, options.recent);
  return rank(pool, lower, recentRank, limit).map((picked) => {
    const record = pool.records[picked.index] as CandidateRecord;
    return {
      entry: record.entry,
      label: record.entry.skill.qualifiedName,
      match: picked.match,
      positions: labelPositions(record, lower, picked),
      recent: recentRank.has(picked.index),
    };
  });
}

/**
 * The completions for the mention token at `cursor` (a UTF-16 offset into `text`), or undefined when
 * the cursor is in no mention token: plain text, code spans and fences, shell variables (`$PATH`), a
 * cursor out of range. `$`, `[$` and `/` offer only user-invocable skills; `skill://` offers every skill.
 * Shadowed skills are never offered. Never throws.
 */
export function completeMention(
  text: string,
  cursor: number,
  registry: SkillRegistry | readonly RegistryEntry[],
  options: CompleteMentionOptions = {},
): MentionCompletion | undefined {
  if (typeof text !== "string") return undefined;
  const token = findTokenAt(text, cursor);
  if (!token) return undefined;
  const entries = Array.isArray(registry) ? registry : (registry as SkillRegistry).entries();
  const lookup = lookupFor(entries);
  const ranked = rankSkills(entries, token.query, { ...options, userOnly: token.form !== "uri" });
  const candidates = ranked.map(({ entry, label, match, positions, recent }): MentionCandidate => {
    const { skill } = entry;
    const insert = insertText(token, entry, lookup);
    return {
      label,
      name: skill.name,
      qualifiedName: skill.qualifiedName,
      insertText: insert.text,
      positions,
      match,
      scope: skill.scope,
      description: skill.description,
      disabled: !entry.enabled,
      ambiguous: insert.ambiguous,
      recent,
      id: skill.id,
      path: skill.path,
    };
  });
  return { form: token.form, start: token.start, end: token.end, query: token.query, candidates };
}
