/**
 * @module Reload suppression (SPEC §9, seed 003 §6.3): within one session, loading the same SKILL.md
 * (same path, same version of the file, same arguments) again returns a short reminder instead of the
 * body, which is already in the conversation. The session owns one tracker.
 */
import type { FileStamp } from "../registry/metadata-cache.js";

/**
 * What identifies one load: the file, its version and the arguments it was rendered with. The version is
 * the file's whole stamp, as the metadata cache judges it: mtime and size alone miss an edit that keeps
 * the size and sets the mtime back (`touch -d`, `cp -p`), whose new body must be delivered, not a
 * reminder. A key restored without a field (an older snapshot) matches nothing: the body is sent again.
 */
export interface LoadKey extends FileStamp {
  path: string;
  /** The argument text the body was rendered with ("" for none). */
  args: string;
}

/** The loads of one session. Plain data in and out, so a session can snapshot and restore it. */
export interface ReloadTracker {
  /** True when this exact load was already delivered in this session. */
  has(key: LoadKey): boolean;
  /** Records a delivered load. */
  add(key: LoadKey): void;
  /**
   * Forgets loads so the next load delivers the body again: those of `path`, or all of them. For a
   * host that compacted its history and dropped the bodies.
   */
  forget(path?: string): void;
  /** Every recorded load, oldest first. */
  list(): LoadKey[];
}

function keyOf({ path, mtimeMs, size, ctimeMs, ino, args }: LoadKey): string {
  return JSON.stringify([path, mtimeMs, size, ctimeMs, ino, args]);
}

/**
 * A tracker, optionally restored from `loads` (what `list()` returned earlier).
 * @example const tracker = createReloadTracker(); await loadSkill(skill, { tracker });
 */
export function createReloadTracker(loads: readonly LoadKey[] = []): ReloadTracker {
  const seen = new Map<string, LoadKey>();
  const tracker: ReloadTracker = {
    has: (key) => seen.has(keyOf(key)),
    add(key) {
      const { path, mtimeMs, size, ctimeMs, ino, args } = key;
      seen.set(keyOf(key), { path, mtimeMs, size, ctimeMs, ino, args });
    },
    forget(path) {
      if (path === undefined) seen.clear();
      else for (const [id, key] of seen) if (key.path === path) seen.delete(id);
    },
    list: () => [...seen.values()],
  };
  for (const load of loads) tracker.add(load);
  return tracker;
}

/** Loads being delivered, per tracker: a second load of the same key waits for the first (see below). */
const delivering = new WeakMap<ReloadTracker, Map<string, Promise<boolean>>>();

/**
 * `deliver()` once per key in a session, `remind()` after: the check and the record are one step, so loads
 * of the same skill made at once (a model's parallel tool calls) get the body once and the reminder
 * otherwise. A load that fails records nothing, and one that waited on it delivers after all.
 */
export async function deliverOnce<T>(
  tracker: ReloadTracker | undefined,
  key: LoadKey,
  deliver: () => Promise<T>,
  remind: () => T,
): Promise<T> {
  if (tracker === undefined) return deliver();
  const id = keyOf(key);
  let running = delivering.get(tracker);
  for (;;) {
    if (tracker.has(key)) return remind();
    const earlier = running?.get(id);
    if (earlier === undefined) break;
    await earlier;
  }
  if (running === undefined) {
    running = new Map();
    delivering.set(tracker, running);
  }
  const result = deliver();
  const settled = result.then(
    () => true,
    () => false,
  );
  running.set(id, settled);
  try {
    const value = await result;
    tracker.add(key);
    return value;
  } finally {
    if (running.get(id) === settled) running.delete(id);
  }
}
