/**
 * @module What a source string means (SPEC §14): a local folder, a git repository, an archive URL or a
 * well-known index. Parsed once; the lock records `source` and `sourceType` so it can be fetched again.
 */

/** How a source is fetched; also the lock's `sourceType` (`github` is git with the shorthand). */
export type SourceType = "local" | "git" | "github" | "archive" | "well-known";

export interface SourceSpec {
  type: SourceType;
  /** The source as the lock records it (a path relative to the project for local folders). */
  source: string;
  /** What is fetched: an absolute folder, a git URL, or an HTTP(S) URL. */
  location: string;
  /** Branch, tag or commit (git only). */
  ref?: string;
  /** A folder inside the source to look in (shorthand `owner/repo/path`). */
  subpath?: string;
}
