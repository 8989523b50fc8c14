/**
 * @module The shapes of skill search (SPEC §10): options, results and the index's interface.
 */
import type { Scope } from "../model/skill.js";
import type { RegistryEntry, RegistryEvent } from "../registry/registry-types.js";

/**
 * Why a result ranks where it does, best first: the query is the skill's path, its exact name, the
 * start of its name, or matched its text (name, description, keywords, headings).
 */
export type SearchReason = "exact_path" | "exact_name" | "prefix" | "text";

/** Reasons in rank order. */
export const SEARCH_REASONS: readonly SearchReason[] = ["exact_path", "exact_name", "prefix", "text"];

/** One search result. */
export interface SearchResult {
  entry: RegistryEntry;
  /** The qualified name. */
  name: string;
  description: string;
  /** Absolute path of the SKILL.md. */
  path: string;
  scope: Scope;
  /** Text relevance (BM25 with field boosts, rounded to 3 decimals); 0 when only the name matched. */
  score: number;
  reason: SearchReason;
}

/** Options of one search. */
export interface SearchOptions {
  /** Most results (default: the configured `search.defaultLimit`, at most `search.maxLimit`). */
  limit?: number;
  /** Only skills of this scope. */
  scope?: Scope;
  /**
   * Every skill, including disabled, shadowed and user-only ones. Default false: only skills the model
   * may invoke (enabled, not shadowed, model-invocable) and that `isHidden` does not hide.
   */
  all?: boolean;
}

/** A search index over registry entries, kept current by `apply` (watch events) or `sync` (a snapshot). */
export interface SkillSearch {
  /** Ranked results for `query`: exact path, exact name, name prefix, then text relevance. Never throws. */
  search(query: string, options?: SearchOptions): SearchResult[];
  /** Applies one registry event (added / changed / removed) without rebuilding. */
  apply(event: RegistryEvent): void;
  /** Brings the index in line with `entries` (after a reload): only what changed is re-indexed. */
  sync(entries: readonly RegistryEntry[]): void;
  /** Skills indexed. */
  readonly size: number;
}
