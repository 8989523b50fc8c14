/**
 * @module The on-disk copy of a search index, beside the registry's metadata cache, so a one-shot
 * `skillset search` loads the index instead of building it. Valid only for the exact same documents
 * (every id and indexed text, in order) and the same index format; anything else is a miss — including
 * anything at the path but a regular file (a FIFO, a folder, a link: never opened, never written through).
 */
import { basename, dirname, join } from "node:path";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { nodeBuiltin, nodeFs } from "../fs/node-builtin.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { SearchDocument } from "./search-document.js";

const { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } = nodeFs;

/** The real disk's synchronous reads: a read opens regular files only, without blocking (SPEC §15). */
const disk = nodeFileSystem as FileSystem & SyncFileReads;

/** Bump when the indexed fields, tokenizing, stemming or document ids change: old caches are then ignored. */
export const SEARCH_CACHE_VERSION = 4;

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

/**
 * A digest of what the index is built from: the documents themselves, in order (each field prefixed by its
 * length, so no text can pass for another split). A file's stamp would miss an edit that keeps the size and
 * the mtime (`touch -d`, `cp -p`) and a change to `agents/openai.yaml`; the text cannot go stale.
 */
export function searchFingerprint(documents: readonly SearchDocument[]): string {
  const hash = nodeBuiltin("node:crypto").createHash("sha256").update(`${SEARCH_CACHE_VERSION}\n`);
  for (const { id, name, description, keywords, headings } of documents) {
    hash.update(
      `${id.length}:${id}${name.length}:${name}${description.length}:${description}${keywords.length}:${keywords}${headings.length}:${headings}\n`,
    );
  }
  return hash.digest("hex");
}

/**
 * The cached index when its fingerprint matches, else undefined (missing, unreadable, stale, or not a
 * regular file: a link is not followed, and a FIFO or device is never opened, so nothing blocks).
 */
export function readSearchCache(file: string, fingerprint: string): SearchCacheContent | undefined {
  try {
    if (!lstatSync(file).isFile()) return undefined;
    const content = JSON.parse(disk.readTextSync(file)) as SearchCacheContent;
    if (content.version !== SEARCH_CACHE_VERSION || content.fingerprint !== fingerprint) return undefined;
    return Array.isArray(content.vocabulary) && Array.isArray(content.words) ? content : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache atomically, as the metadata cache does: a new temp file beside it (a random name,
 * created exclusively, so a link planted there is never written through), then a rename, which replaces
 * whatever entry is at `file` (a link, a FIFO) rather than writing into it. A failure (a folder in the
 * way, a read-only disk) only costs the next start.
 */
export function writeSearchCache(file: string, content: SearchCacheContent): void {
  const temp = join(
    dirname(file),
    `.${basename(file)}.tmp-${process.pid}-${nodeBuiltin("node:crypto").randomBytes(6).toString("hex")}`,
  );
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, JSON.stringify(content), { flag: "wx" });
    renameSync(temp, file);
  } catch {
    // The cache is an optimisation; the index in memory is complete without it.
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was left behind, or nothing more can be done.
    }
  }
}
