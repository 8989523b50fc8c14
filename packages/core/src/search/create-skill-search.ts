/**
 * @module The skill search index (SPEC §10) on MiniSearch: BM25 text relevance over name (boosted),
 * keywords, description and headings, with stemming, prefix and typo tolerance; exact path, exact name
 * and name prefix rank above any text match. Kept current incrementally, never rebuilt for one change.
 */
import MiniSearch from "minisearch";
import { defaultConfig, type SearchConfig } from "../config/config-schema.js";
import type { Scope, Skill } from "../model/skill.js";
import { looksLikePath, lookupEntry } from "../registry/lookup-entry.js";
import type { RegistryEntry, RegistryEvent } from "../registry/registry-types.js";
import { type SearchDocument, searchDocument } from "./search-document.js";
import { searchTerm, splitWords } from "./search-terms.js";
import type { SearchOptions, SearchReason, SearchResult, SkillSearch } from "./search-types.js";

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
}

/** Field boosts: a word in the name says more than the same word in the description. */
export const FIELD_BOOSTS = { name: 3, keywords: 2, description: 1, headings: 0.7 } as const;

/** Longest query text considered, and most terms: a 1 MB query costs what a long sentence costs. */
const MAX_QUERY_LENGTH = 1000;
const MAX_QUERY_TERMS = 32;

const TIER: Record<SearchReason, number> = { exact_path: 0, exact_name: 1, prefix: 2, text: 3 };

/** One typo for words of 4–7 letters, two from 8; none below (short words match too much). */
function fuzziness(term: string): number | false {
  if (term.length < 4) return false;
  return term.length < 8 ? 1 : 2;
}

function visible(
  entry: RegistryEntry,
  options: SearchOptions,
  isHidden?: (skill: Skill) => boolean,
): boolean {
  if (options.scope !== undefined && entry.skill.scope !== options.scope) return false;
  if (options.all) return true;
  return (
    entry.enabled && entry.status !== "shadowed" && entry.skill.invocation.model && !isHidden?.(entry.skill)
  );
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
  const index = new MiniSearch<SearchDocument>({
    fields: ["name", "description", "keywords", "headings"],
    storeFields: [],
    tokenize: splitWords,
    processTerm: searchTerm,
    searchOptions: {
      boost: { ...FIELD_BOOSTS },
      fuzzy: (term) => fuzziness(term),
      maxFuzzy: 2,
      prefix: (term) => term.length >= 3,
      combineWith: "OR",
      weights: { fuzzy: 0.4, prefix: 0.5 },
    },
  });
  const byId = new Map<string, RegistryEntry>();
  let snapshot: readonly RegistryEntry[] = [];

  const documentOf = (skill: Skill) => searchDocument(skill, options.headings?.(skill) ?? "");
  const put = (entry: RegistryEntry) => {
    const known = byId.get(entry.skill.id);
    byId.set(entry.skill.id, entry);
    if (known === undefined) index.add(documentOf(entry.skill));
    else if (known.skill !== entry.skill) index.replace(documentOf(entry.skill));
  };
  const drop = (id: string) => {
    if (byId.delete(id)) index.discard(id);
  };
  const sync = (next: readonly RegistryEntry[]) => {
    if (next === snapshot) return;
    snapshot = next;
    const seen = new Set<string>();
    const added: SearchDocument[] = [];
    for (const entry of next) {
      seen.add(entry.skill.id);
      if (byId.size === 0 || !byId.has(entry.skill.id)) {
        byId.set(entry.skill.id, entry);
        added.push(documentOf(entry.skill));
      } else put(entry);
    }
    for (const id of [...byId.keys()]) if (!seen.has(id)) drop(id);
    index.addAll(added);
  };
  sync(entries);

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
      if (event.type === "removed") drop(event.entry.skill.id);
      else put(event.entry);
    },
    sync,
    search(query, searchOptions = {}) {
      const limit = Math.max(1, Math.min(searchOptions.limit ?? config.defaultLimit, config.maxLimit));
      const text = query.slice(0, MAX_QUERY_LENGTH).trim();
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
        const byPath = lookupEntry([...byId.values()], text, cwd);
        if (byPath.kind === "found") consider(byPath.entry, "exact_path", 0);
      }
      if (!/\s/.test(text)) {
        const needle = text.toLowerCase();
        for (const entry of byId.values()) {
          const { name, qualifiedName } = entry.skill;
          const lowerName = name.toLowerCase();
          const lowerQualified = qualifiedName.toLowerCase();
          if (lowerName === needle || lowerQualified === needle) consider(entry, "exact_name", 0);
          else if (lowerName.startsWith(needle) || lowerQualified.startsWith(needle))
            consider(entry, "prefix", 0);
        }
      }
      const words = splitWords(text).slice(0, MAX_QUERY_TERMS);
      if (words.length > 0) {
        for (const hit of index.search(words.join(" "))) {
          const entry = byId.get(hit.id as string);
          if (entry) consider(entry, "text", Math.round(hit.score * 1000) / 1000);
        }
      }
      return [...found.values()].sort(compare).slice(0, limit).map(toResult);
    },
  };
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
