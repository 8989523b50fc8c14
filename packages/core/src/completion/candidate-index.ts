/**
 * @module Per-registry completion tables, built on first use and kept while the entries array lives:
 * the skills a form may offer in a fixed base order (see `compareBase`), their names normalised (NFKC)
 * and lowercased once, and the last query's survivors, so each keystroke that extends the query only
 * re-checks the skills the previous keystroke kept.
 */

import { nameKey } from "../model/name-key.js";
import { isOutranked } from "../registry/outranked.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import {
  hasWordStartingWith,
  isSeparator,
  isSubsequence,
  isWordStart,
  matchesWordBoundaries,
} from "./match-name.js";

/** One skill a completion may offer. */
export interface CandidateRecord {
  entry: RegistryEntry;
  /** Bare name, NFKC and lowercased. */
  name: string;
  /** Qualified name, NFKC and lowercased (the same string as `name` when un-namespaced). */
  qualified: string;
  /** The first character of each word of `qualified`: a word-boundary match starts with one of them. */
  initials: string;
  /** Lowercased description, set when the description index is built. */
  description?: string;
}

/** The skills one group of forms may offer, with the last query and what survived it. */
export interface CandidatePool {
  records: CandidateRecord[];
  /** Per record, the characters its qualified name holds as bits (see `charMask`): a cheap first test. */
  masks: Int32Array;
  /** Record index by skill id and by qualified name (for recently used skills), built on first use. */
  byKey?: Map<string, number>;
  /** Last query, and the records whose qualified name holds it as a subsequence (ascending). */
  last?: { query: string; survivors: number[] };
  /** Last description query, and the records with a description word starting with it. */
  lastDescription?: { query: string; survivors: number[] };
  /**
   * Records by the first two and the first three characters of each of their description words,
   * ascending; built on first use. Three-character keys keep a longer query off the long two-character
   * lists (`co` is most descriptions; `co4` is none of them).
   */
  descriptionWords?: Map<string, number[]>;
}

function initialsOf(name: string): string {
  let initials = "";
  let atStart = true;
  for (let index = 0; index < name.length; index++) {
    const separator = isSeparator(name.charCodeAt(index));
    if (!separator && atStart) initials += name[index];
    atStart = separator;
  }
  return initials;
}

/** True when `query` (lowercase) matches the record's words at their starts (`sd` → `systematic-debugging`). */
export function matchesWords(record: CandidateRecord, query: string): boolean {
  return record.initials.includes(query[0] ?? "") && matchesWordBoundaries(query, record.qualified);
}

/** Pools per entries array: `user` for `$`, `[$` and `/` (user-invocable only), `all` for `skill://`. */
interface Pools {
  length: number;
  user?: CandidatePool;
  all?: CandidatePool;
}

const cache = new WeakMap<readonly RegistryEntry[], Pools>();

/** Base order: shorter names first (nearer to what is typed), un-namespaced before namespaced, then by name. */
function compareBase(a: CandidateRecord, b: CandidateRecord): number {
  return (
    a.name.length - b.name.length ||
    a.qualified.length - b.qualified.length ||
    (a.qualified < b.qualified ? -1 : a.qualified > b.qualified ? 1 : 0)
  );
}

function buildPool(entries: readonly RegistryEntry[], userOnly: boolean): CandidatePool {
  const records: CandidateRecord[] = [];
  for (const entry of entries) {
    if (isOutranked(entry)) continue;
    if (userOnly && !entry.skill.invocation.user) continue;
    // Compared after NFKC (SPEC §4), as the query is: `cafe\u0301` finds `café`.
    const name = nameKey(entry.skill.name).toLowerCase();
    const qualified = entry.skill.namespace ? nameKey(entry.skill.qualifiedName).toLowerCase() : name;
    records.push({ entry, name, qualified, initials: initialsOf(qualified) });
  }
  records.sort(compareBase);
  return { records, masks: Int32Array.from(records, (record) => charMask(record.qualified)) };
}

/**
 * The pool for `entries`, built on first use. The array must not change in place (registry snapshots
 * are immutable); a changed length is noticed and starts over.
 */
export function poolFor(entries: readonly RegistryEntry[], userOnly: boolean): CandidatePool {
  let pools = cache.get(entries);
  if (!pools || pools.length !== entries.length) {
    pools = { length: entries.length };
    cache.set(entries, pools);
  }
  if (userOnly) {
    pools.user ??= buildPool(entries, true);
    return pools.user;
  }
  pools.all ??= buildPool(entries, false);
  return pools.all;
}

/**
 * The records a query may match: the last query's survivors when this query extends it (a match of the
 * longer query is a match of the shorter one), else undefined (all records).
 */
function startingSet(last: { query: string; survivors: number[] } | undefined, query: string) {
  return last && query.startsWith(last.query) ? last.survivors : undefined;
}

/**
 * The characters of `text` as bits: one per letter a–z, digits folded onto five bits, anything else on
 * the last. A name that lacks a bit of the query's mask cannot hold the query, so most names are
 * turned away without reading them; for one letter a–z the mask test is the whole answer.
 */
export function charMask(text: string): number {
  let mask = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x61 && code <= 0x7a) mask |= 1 << (code - 0x61);
    else if (code >= 0x30 && code <= 0x39) mask |= 1 << (26 + ((code - 0x30) % 5));
    else mask |= 1 << 31;
  }
  return mask;
}

/** Records whose qualified name holds `query` (lowercase) as a subsequence, ascending; remembered. */
export function nameSurvivors(pool: CandidatePool, query: string): number[] {
  if (pool.last?.query === query) return pool.last.survivors;
  const from = startingSet(pool.last, query);
  const survivors: number[] = [];
  const { masks, records } = pool;
  const wanted = charMask(query);
  const maskDecides = query.length === 1 && wanted !== 1 << 31 && wanted < 1 << 26;
  const test = (index: number) => {
    if (((masks[index] as number) & wanted) !== wanted) return;
    if (maskDecides || isSubsequence(query, (records[index] as CandidateRecord).qualified))
      survivors.push(index);
  };
  if (from) for (const index of from) test(index);
  else for (let index = 0; index < records.length; index++) test(index);
  pool.last = { query, survivors };
  return survivors;
}

/** Longest description-word start indexed: a query this long or longer starts from its own list. */
const WORD_KEY_LENGTH = 3;

/** Indexes each record under the first two and three characters of every word of its description. */
function descriptionWordIndex(pool: CandidatePool): Map<string, number[]> {
  if (pool.descriptionWords) return pool.descriptionWords;
  const index = new Map<string, number[]>();
  const list = (key: string, recordIndex: number) => {
    const records = index.get(key);
    if (records === undefined) index.set(key, [recordIndex]);
    else if (records[records.length - 1] !== recordIndex) records.push(recordIndex);
  };
  pool.records.forEach((record, recordIndex) => {
    const text = record.entry.skill.description.toLowerCase();
    record.description = text;
    for (let at = 0; at + 1 < text.length; at++) {
      if (!isWordStart(text, at)) continue;
      list(text.slice(at, at + 2), recordIndex);
      if (at + 2 < text.length) list(text.slice(at, at + WORD_KEY_LENGTH), recordIndex);
    }
  });
  pool.descriptionWords = index;
  return index;
}

/**
 * Records with a description word that starts with `query` (two characters or more), ascending;
 * remembered like `nameSurvivors`. A new query reads only the records with a word starting with its
 * first two or three characters, and the shorter of that list and the last query's survivors.
 */
export function descriptionSurvivors(pool: CandidatePool, query: string): number[] {
  if (pool.lastDescription?.query === query) return pool.lastDescription.survivors;
  const extending = startingSet(pool.lastDescription, query);
  const key = query.slice(0, WORD_KEY_LENGTH);
  const listed = descriptionWordIndex(pool).get(key) ?? [];
  const from = extending && extending.length < listed.length ? extending : listed;
  // Every record listed under the whole query has a word starting with it (the list is not copied).
  const survivors =
    from === listed && key === query
      ? listed
      : from.filter((index) => hasWordStartingWith(pool.records[index]?.description ?? "", query));
  pool.lastDescription = { query, survivors };
  return survivors;
}

/** The record index of a skill id or qualified name, if the pool offers it. */
export function recordIndex(pool: CandidatePool, key: string): number | undefined {
  if (!pool.byKey) {
    pool.byKey = new Map();
    pool.records.forEach((record, index) => {
      pool.byKey?.set(record.entry.skill.id, index);
      if (!pool.byKey?.has(record.entry.skill.qualifiedName))
        pool.byKey?.set(record.entry.skill.qualifiedName, index);
    });
  }
  return pool.byKey.get(key);
}
