/**
 * @module The skill search index (SPEC §10) on MiniSearch: BM25 text relevance over name (boosted),
 * keywords, description and headings, with stemming, prefix and typo tolerance; exact path, exact name
 * and name prefix rank above any text match. Kept current incrementally, never rebuilt for one change.
 */
import type MiniSearch from "minisearch";
import type { AsPlainObject, Options, Query } from "minisearch";
import type { SearchConfig } from "../config/config-schema.js";
import { defaultConfig } from "../config/default-config.js";
import { requireOnFirstUse } from "../fs/require-on-first-use.js";
import type { Scope, Skill } from "../model/skill.js";
import { looksLikePath, lookupEntry } from "../registry/lookup-entry.js";
import { isOutranked } from "../registry/outranked.js";
import type { RegistryEntry, RegistryEvent } from "../registry/registry-types.js";
import { createBegunWords } from "./begun-words.js";
import { createDocumentGroups } from "./document-groups.js";
import { matchableTerms } from "./matchable-terms.js";
import { phraseMatches, queryPhrases } from "./phrase-matches.js";
import {
  readSearchCache,
  SEARCH_CACHE_VERSION,
  searchFingerprint,
  writeSearchCache,
} from "./search-cache.js";
import { type SearchDocument, searchDocument } from "./search-document.js";
import { searchTerm, splitWords } from "./search-terms.js";
import type { SearchOptions, SearchReason, SearchResult, SkillSearch } from "./search-types.js";
import { createSortedNames } from "./sorted-names.js";

/** Options of `createSkillSearch`, fixed for the index's life. */
export interface SkillSearchOptions {
  /** Result limits (default: the configured defaults, 8 and 50). */
  config?: SearchConfig;
  /** Scope precedence for ties, highest first (default: the configured `discovery.scopeOrder`). */
  scopeOrder?: readonly Scope[];
  /** Directory relative paths in a query are resolved against (default `/`). */
  cwd?: string;
  /** Policy (SPEC §11): skills for which this is true are left out unless `all` is asked. */
  isHidden?: (skill: Skill) => boolean;
  /** The body's headings, one string (optional: reading bodies costs a file read per skill). */
  headings?: (skill: Skill) => string;
  /**
   * A file to load the index from when it was built from the very same skills, and to write it to
   * otherwise (see `searchCachePath`): for one-shot processes such as `skillset search`. A long-lived
   * index (a session, a server) needs none: it is updated in place.
   */
  cacheFile?: string;
  /**
   * The one query this index will answer (a one-shot process such as `skillset search`). Loaded from
   * `cacheFile`, the index then keeps only the terms that query can reach, which costs a fraction of
   * loading them all and gives the same results; searching for anything else throws.
   */
  onlyQuery?: string;
}

/** Field boosts: a word in the name says more than the same word in the description. */
export const FIELD_BOOSTS = { name: 3, keywords: 2, description: 1, headings: 0.7 } as const;

/** Longest query text considered, and most terms: a 1 MB query costs what a long sentence costs. */
const MAX_QUERY_LENGTH = 1000;
const MAX_QUERY_TERMS = 32;
/** Most typos forgiven in a word (see {@link fuzziness}). */
const MAX_TYPOS = 2;

/** Weight of a term reached through a word the query's last word begins, as MiniSearch weighs a prefix match. */
const BEGUN_WEIGHT = 0.5;

/** Weight of a term reached through a word one typo from a query word, as MiniSearch weighs a fuzzy match. */
const TYPO_WEIGHT = 0.4;

/** The last of `words` that is searched (not a stop word): the one taken as a prefix. */
function lastSearchedWord(words: readonly string[]): string | undefined {
  return words.findLast((word) => searchTerm(word) !== null);
}

/** The part of a query that is searched: its first {@link MAX_QUERY_LENGTH} characters, trimmed. */
function queryText(query: string): string {
  return query.slice(0, MAX_QUERY_LENGTH).trim();
}

/** The words of a query's text handed to the text index (at most {@link MAX_QUERY_TERMS}). */
function queryWords(text: string): string[] {
  return splitWords(text).slice(0, MAX_QUERY_TERMS);
}

const TIER: Record<SearchReason, number> = { exact_path: 0, exact_name: 1, prefix: 2, text: 3 };

/** Text hits considered per result asked for (at least {@link MIN_POOL}), so phrase matches can move up. */
const POOL_FACTOR = 3;
const MIN_POOL = 20;
/** Score gained per query phrase (two words in a row) found in a row in the skill's name or description. */
const PHRASE_WEIGHT = 0.25;

/**
 * One typo for words of 5–8 letters, two from 9; none below: a typo allowed in a four-letter word finds
 * other words (`rain` → `train`) more often than the word meant.
 */
function fuzziness(term: string): number | false {
  if (term.length < 5) return false;
  return term.length < 9 ? 1 : MAX_TYPOS;
}

function visible(
  entry: RegistryEntry,
  options: SearchOptions,
  isHidden?: (skill: Skill) => boolean,
): boolean {
  if (options.scope !== undefined && entry.skill.scope !== options.scope) return false;
  if (options.all) return true;
  return entry.enabled && !isOutranked(entry) && entry.skill.invocation.model && !isHidden?.(entry.skill);
}

/**
 * Builds the index over `entries` (every entry is indexed; visibility is decided per query, so `all`
 * and a changed enablement need no re-indexing).
 *
 * @example
 * const index = createSkillSearch(registry.entries(), { config: registry.config.search });
 * const watcher = await registry.watch((event) => index.apply(event));
 * index.search("shrink the images on my website", { limit: 5 });
 */
export function createSkillSearch(
  entries: readonly RegistryEntry[],
  options: SkillSearchOptions = {},
): SkillSearch {
  const config = options.config ?? defaultConfig.search;
  const scopeOrder = options.scopeOrder ?? defaultConfig.discovery.scopeOrder;
  const cwd = options.cwd ?? "/";
  const ranks = new Map<Scope, number>();
  for (const [index, scope] of scopeOrder.entries()) if (!ranks.has(scope)) ranks.set(scope, index);
  // Every term ever indexed: a query word found here is spelled right, so it is not searched with
  // typos (which costs most of a query's time and brings in unrelated words: `rain` → `train`).
  const vocabulary = new Set<string>();
  const typos = (term: string) => !vocabulary.has(term) && fuzziness(term);
  // The last word may be unfinished (a person still typing, a name's start).
  const prefix = (term: string, position: number, terms: string[]) =>
    position === terms.length - 1 && term.length >= 3;
  const indexOptions: Options<SearchDocument> = {
    fields: ["name", "description", "keywords", "headings"],
    storeFields: [],
    tokenize: splitWords,
    processTerm: (word) => {
      const term = searchTerm(word);
      if (term !== null) {
        vocabulary.add(term);
        begun.add(word);
      }
      return term;
    },
    searchOptions: {
      boost: { ...FIELD_BOOSTS },
      processTerm: searchTerm,
      fuzzy: typos,
      maxFuzzy: MAX_TYPOS,
      prefix,
      combineWith: "OR",
      weights: { fuzzy: TYPO_WEIGHT, prefix: BEGUN_WEIGHT },
    },
  };
  const documentOf = (skill: Skill) => searchDocument(skill, options.headings?.(skill) ?? "");
  // With a cache file, the documents are made up front: the cache is checked against their text (what the
  // index is built from), and on a miss they are what gets indexed.
  const documents = options.cacheFile ? entries.map((entry) => documentOf(entry.skill)) : undefined;
  const fingerprint = documents ? searchFingerprint(documents) : "";
  const cached = options.cacheFile ? readSearchCache(options.cacheFile, fingerprint) : undefined;
  for (const term of cached?.vocabulary ?? []) vocabulary.add(term);
  const begun = createBegunWords(cached?.words);
  /** Terms of the indexed words the last of `words` begins that its own prefix search misses. */
  const begunTerms = (words: readonly string[]) => {
    const last = lastSearchedWord(words);
    return last === undefined ? [] : begun.termsBegunBy(last);
  };
  /** Terms of indexed words one typo from a misspelled word of `words` (its stem may be two away). */
  const typoTerms = (words: readonly string[]) =>
    words.flatMap((word) => {
      const term = searchTerm(word);
      return term !== null && !vocabulary.has(term) && fuzziness(word) !== false
        ? begun.termsOneTypoFrom(word)
        : [];
    });
  let plain = cached?.index as AsPlainObject | undefined;
  if (plain && options.onlyQuery !== undefined) {
    // The query's terms as the text index will see them, each with the reach `search` gives it.
    const words = splitWords(queryWords(queryText(options.onlyQuery)).join(" "));
    const terms = words.flatMap((word) => searchTerm(word) ?? []);
    const reachable = matchableTerms([
      ...terms.map((term, position) => ({
        term,
        prefix: prefix(term, position, terms),
        typos: typos(term) || 0,
      })),
      ...[...begunTerms(words), ...typoTerms(words)].map((term) => ({ term, prefix: false, typos: 0 })),
    ]);
    plain = { ...plain, index: plain.index.filter(([term]) => reachable(term)) };
  }
  // MiniSearch's 64 KB load with the first index, not with `@skillset/core`.
  const MiniSearchClass = requireOnFirstUse<typeof MiniSearch>("minisearch");
  const index = plain
    ? MiniSearchClass.loadJS<SearchDocument>(plain, indexOptions)
    : new MiniSearchClass<SearchDocument>(indexOptions);
  const byId = new Map<string, RegistryEntry>();
  /** Lowercased names and qualified names, for the exact-name and prefix tiers. */
  const names = createSortedNames();
  const namesOf = ({ name, qualifiedName }: Skill) =>
    name === qualifiedName ? [name.toLowerCase()] : [name.toLowerCase(), qualifiedName.toLowerCase()];
  const remember = ({ skill }: RegistryEntry) => {
    for (const name of namesOf(skill)) names.add(name, skill.id);
  };
  const forget = ({ skill }: RegistryEntry) => {
    for (const name of namesOf(skill)) names.remove(name, skill.id);
  };
  /** The array the index was last brought in line with; undefined once `apply` has moved it away. */
  let snapshot: readonly RegistryEntry[] | undefined = [];
  /**
   * The entries as one array for path lookups, kept until the entries change: the lookup's tables are
   * built once per array (a new array per query rebuilt them over every entry: ~24 ms for each query
   * holding a `/` at 16,000 skills).
   */
  let lookupEntries: RegistryEntry[] | undefined;

  /** Copies share one document of the text index (see `document-groups.ts`). */
  const groups = createDocumentGroups(index);

  const put = (entry: RegistryEntry) => {
    lookupEntries = undefined;
    const known = byId.get(entry.skill.id);
    byId.set(entry.skill.id, entry);
    if (known?.skill === entry.skill) return;
    if (known) forget(known);
    remember(entry);
    groups.join(documentOf(entry.skill));
  };
  const drop = (id: string) => {
    const known = byId.get(id);
    if (!known) return;
    lookupEntries = undefined;
    byId.delete(id);
    forget(known);
    groups.leave(id);
  };
  /**
   * Brings the index to `next`. `indexed`: its documents are in the index already (loaded from the cache);
   * `made`: their documents, made already (one per entry, in order).
   */
  const sync = (next: readonly RegistryEntry[], indexed = false, made?: readonly SearchDocument[]) => {
    if (next === snapshot) return;
    snapshot = next;
    lookupEntries = undefined;
    const seen = new Set<string>();
    const added: SearchDocument[] = [];
    const addedNames: [string, string][] = [];
    for (let at = 0; at < next.length; at++) {
      const entry = next[at] as RegistryEntry;
      seen.add(entry.skill.id);
      if (byId.has(entry.skill.id)) {
        put(entry);
        continue;
      }
      byId.set(entry.skill.id, entry);
      for (const name of namesOf(entry.skill)) addedNames.push([name, entry.skill.id]);
      const document = made?.[at] ?? documentOf(entry.skill);
      if (indexed) groups.join(document, undefined, true);
      else groups.join(document, added);
    }
    for (const id of [...byId.keys()]) if (!seen.has(id)) drop(id);
    names.addAll(addedNames);
    index.addAll(added);
  };
  // From the cache, the documents are in the index already: only the tables around it are filled.
  sync(entries, cached !== undefined, documents);
  if (options.cacheFile && !cached) {
    writeSearchCache(options.cacheFile, {
      version: SEARCH_CACHE_VERSION,
      fingerprint,
      vocabulary: [...vocabulary],
      words: begun.list(),
      index: index.toJSON(),
    });
  }

  const compare = (a: Ranked, b: Ranked) =>
    TIER[a.reason] - TIER[b.reason] ||
    b.score - a.score ||
    (ranks.get(a.entry.skill.scope) ?? ranks.size) - (ranks.get(b.entry.skill.scope) ?? ranks.size) ||
    (a.entry.skill.path < b.entry.skill.path ? -1 : a.entry.skill.path > b.entry.skill.path ? 1 : 0);

  return {
    get size() {
      return byId.size;
    },
    apply(event: RegistryEvent) {
      // The index no longer matches the last snapshot: syncing that same array again must bring it back.
      snapshot = undefined;
      if (event.type === "removed") drop(event.entry.skill.id);
      else put(event.entry);
    },
    sync,
    search(query, searchOptions = {}) {
      if (cached && options.onlyQuery !== undefined && query !== options.onlyQuery) {
        throw new Error(
          "This search index was loaded for one query (onlyQuery) and answers only that one; create it without onlyQuery to search more.",
        );
      }
      const limit = Math.max(1, Math.min(searchOptions.limit ?? config.defaultLimit, config.maxLimit));
      const text = queryText(query);
      if (text === "") return [];
      const found = new Map<string, Ranked>();
      const consider = (entry: RegistryEntry, reason: SearchReason, score: number) => {
        if (!visible(entry, searchOptions, options.isHidden)) return;
        const known = found.get(entry.skill.id);
        if (known === undefined) found.set(entry.skill.id, { entry, reason, score });
        else {
          if (TIER[reason] < TIER[known.reason]) known.reason = reason;
          known.score = Math.max(known.score, score);
        }
      };
      if (looksLikePath(text)) {
        lookupEntries ??= [...byId.values()];
        const byPath = lookupEntry(lookupEntries, text, cwd);
        if (byPath.kind === "found") consider(byPath.entry, "exact_path", 0);
      }
      if (!/\s/.test(text)) {
        const needle = text.toLowerCase();
        names.forPrefix(needle, (name, id) => {
          const entry = byId.get(id);
          if (entry !== undefined) consider(entry, name === needle ? "exact_name" : "prefix", 0);
        });
      }
      const words = queryWords(text);
      if (words.length > 0) {
        // Hits come best first: once enough different skills are kept (copies count once), stop at the
        // first lower score (equal scores go on, so ties are still broken by scope and path). The pool
        // is wider than the limit so that a phrase match (below) can move up into it.
        const wanted = Math.max(limit * POOL_FACTOR, MIN_POOL) + found.size;
        const keys = new Set<string>();
        let lowest = Number.POSITIVE_INFINITY;
        const phrases = queryPhrases(words);
        for (const hit of index.search(textQuery(words, begunTerms(words), typoTerms(words)))) {
          const score = Math.round(hit.score * 1000) / 1000;
          if (keys.size >= wanted && score < lowest) break;
          // Each skill whose text the hit is: copies take the score of the one document they share.
          for (const id of groups.members(hit.id as string)) {
            const entry = byId.get(id);
            if (entry === undefined || !visible(entry, searchOptions, options.isHidden)) continue;
            const bonus = phrases.length === 0 ? 0 : phraseMatches(phrases, entry.skill);
            consider(entry, "text", Math.round(score * (1 + PHRASE_WEIGHT * bonus) * 1000) / 1000);
            keys.add(copyKey(entry.skill));
            lowest = score;
          }
        }
      }
      return bestDistinct(found.values(), limit, compare).map(toResult);
    },
  };
}

/**
 * The text index's query: the words, or, when the last word begins indexed words its own prefix search
 * cannot reach (`preceden` → `precedence`, indexed as `preced`), those words' terms too, each matched
 * exactly and weighed as a prefix match; and the terms of words one typo from a misspelled word whose
 * stem its own typo search cannot reach (`testng` → `testing`, indexed as `test`), weighed as a typo.
 */
function textQuery(
  words: readonly string[],
  begunTerms: readonly string[],
  typoTerms: readonly string[] = [],
): Query {
  const text = words.join(" ");
  if (begunTerms.length === 0 && typoTerms.length === 0) return text;
  // The terms are indexed terms already: not stemmed again, nor widened.
  const exactly = (terms: readonly string[], weight: number): Query => ({
    queries: [terms.join(" ")],
    tokenize: (joined) => joined.split(" "),
    processTerm: (term) => term,
    prefix: false,
    fuzzy: false,
    boostTerm: () => weight,
  });
  const queries: Query[] = [text];
  if (begunTerms.length > 0) queries.push(exactly(begunTerms, BEGUN_WEIGHT));
  if (typoTerms.length > 0) queries.push(exactly(typoTerms, TYPO_WEIGHT));
  return { combineWith: "OR", queries };
}

/**
 * What makes two results the same skill to a reader: the same name and the same description (a skill
 * copied into several folders or published by several repositories). Search lists it once, the copy
 * that ranks first (SPEC §5 "Copies are one skill").
 */
function copyKey(skill: Skill): string {
  // Kept per skill: a query asks it of every text hit (thousands when a tree holds copies), and a new string
  // is copied whole and hashed each time it goes into a set.
  let key = copyKeys.get(skill);
  if (key === undefined) {
    key = `${skill.qualifiedName}\u0000${skill.description}`;
    copyKeys.set(skill, key);
  }
  return key;
}
const copyKeys = new WeakMap<Skill, string>();

/** The `limit` best results by `compare`, one per {@link copyKey}. */
function bestDistinct(
  items: Iterable<Ranked>,
  limit: number,
  compare: (a: Ranked, b: Ranked) => number,
): Ranked[] {
  const all = [...items];
  const firsts = new Map<string, Ranked>();
  for (const item of all) {
    const key = copyKey(item.entry.skill);
    const known = firsts.get(key);
    if (known === undefined || compare(item, known) < 0) firsts.set(key, item);
  }
  return best(firsts.values(), limit, compare);
}

/** The `limit` smallest items by `compare`, sorted: one pass, no full sort of thousands of text hits. */
function best<T>(items: Iterable<T>, limit: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === limit && compare(item, kept[limit - 1] as T) >= 0) continue;
    let at = kept.length === limit ? limit - 1 : kept.length;
    while (at > 0 && compare(item, kept[at - 1] as T) < 0) {
      kept[at] = kept[at - 1] as T;
      at--;
    }
    kept[at] = item;
    if (kept.length > limit) kept.length = limit;
  }
  return kept;
}

interface Ranked {
  entry: RegistryEntry;
  reason: SearchReason;
  score: number;
}

function toResult({ entry, reason, score }: Ranked): SearchResult {
  const { skill } = entry;
  return {
    entry,
    name: skill.qualifiedName,
    description: skill.description,
    path: skill.path,
    scope: skill.scope,
    score,
    reason,
  };
}
