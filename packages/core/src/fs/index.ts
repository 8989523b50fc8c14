/**
 * @module fs — the file system every stage reads through: the `FileSystem` interface, Node's implementation,
 * bounded reads, and what kind of thing a path is.
 * Hosts get `public.ts` (`@skillset/core/fs`); the stages after this one get `internal.ts` too.
 */

export * from "./internal.js";
export * from "./public.js";
