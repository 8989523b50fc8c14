/**
 * @module The on-disk copy of a search index, beside the registry's metadata cache, so a one-shot
 * `skillset search` loads the index instead of building it. Valid only for the exact same skills
 * (every id, modification time and size) and the same index format; anything else is a miss.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { RegistryEntry } from "../registry/registry-types.js";

/** Bump when the indexed fields, tokenizing or stemming change: old caches are then ignored. */
export const SEARCH_CACHE_VERSION = 2;

/** What the cache file holds. `index` is MiniSearch's own plain form (`toJSON`). */
export interface SearchCacheContent {
  version: number;
  fingerprint: string;
  vocabulary: string[];
  /** The words as typed (see `createBegunWords`). */
  words: string[];
  index: unknown;
}

/** `<dir>/search-<hash>.json` beside `<dir>/metadata-<hash>.json`. */
export function searchCachePath(metadataCacheFile: string): string {
  return join(dirname(metadataCacheFile), basename(metadataCacheFile).replace(/^metadata-/, "search-"));
}

/** A digest of what the index was built from: each skill's id, mtime and size, in order, and the options. */
export function searchFingerprint(entries: readonly RegistryEntry[], variant: string): string {
  const hash = createHash("sha256").update(`${SEARCH_CACHE_VERSION}\n${variant}\n`);
  for (const { skill } of entries) hash.update(`${skill.id}\t${skill.mtimeMs}\t${skill.size}\n`);
  return hash.digest("hex");
}

/** The cached index when its fingerprint matches, else undefined (missing, unreadable or stale). */
export function readSearchCache(file: string, fingerprint: string): SearchCacheContent | undefined {
  try {
    const content = JSON.parse(readFileSync(file, "utf8")) as SearchCacheContent;
    if (content.version !== SEARCH_CACHE_VERSION || content.fingerprint !== fingerprint) return undefined;
    return Array.isArray(content.vocabulary) && Array.isArray(content.words) ? content : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically (a temp file, then a rename). A failure only costs the next start. */
export function writeSearchCache(file: string, content: SearchCacheContent): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(content));
    renameSync(temp, file);
  } catch {
    // The cache is an optimisation; the index in memory is complete without it.
  }
}
