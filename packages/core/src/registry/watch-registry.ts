/**
 * @module The registry's file watcher (SPEC §5 Caching and reload), on chokidar: watches every existing root
 * and, shallowly, the folders where a missing repo or user root may appear; batches events briefly and hands
 * them to the registry, which re-parses a changed SKILL.md alone and walks only what it must.
 */
import type { Stats } from "node:fs";
import { sep } from "node:path";
import type { FSWatcher } from "chokidar";
import type { RegistryListener, RegistryWatcher } from "./registry-types.js";

/** One file-system change, as chokidar reports it. */
export interface FileChange {
  kind: "add" | "change" | "unlink" | "addDir" | "unlinkDir";
  path: string;
}

/** What to watch, recomputed after every batch. */
export interface WatchPlan {
  /** Folders handed to chokidar: existing roots, and the nearest existing folder above a missing root. */
  targets: string[];
  /** Every root path (existing or not): paths inside them, and folders on the way to them, are watched. */
  roots: string[];
  /** The walker's depth limit; deeper paths are not watched. */
  maxDepth: number;
  followLinks: boolean;
}

/** The registry side of a watcher. Every call is serialised with the registry's other work. */
export interface WatchHost {
  plan(): Promise<WatchPlan>;
  apply(changes: readonly FileChange[]): Promise<void>;
  /** Persists what changed (the metadata cache) when the watcher closes. */
  flush(): Promise<unknown>;
  /** Adds a registry listener; returns the function that removes it. */
  subscribe(listener: RegistryListener): () => void;
  /** Asks to be told when the roots may have changed outside the watcher (reload, discoverFor). */
  subscribeRoots(replan: () => void): () => void;
  listener?: RegistryListener;
  /** Quiet time after the first event of a batch, in milliseconds (default 50). */
  debounceMs?: number;
  /**
   * The settings files that decide what the registry holds besides the skills themselves (the config and
   * state files, the person's trust file): watched too, each by its stamp, present or not.
   */
  settingsFiles?(): Promise<readonly string[]>;
  /** One of `settingsFiles` changed: the registry loads again (enablement, config), and tells listeners. */
  settingsChanged?(): Promise<void>;
  /** How often a settings file's stamp is looked at, in milliseconds (default 500). */
  settingsIntervalMs?: number;
}

function isWatchedFile(parts: readonly string[]): boolean {
  const name = parts[parts.length - 1];
  if (name === "SKILL.md" || name === "skill.md") return true;
  return name === "openai.yaml" && parts[parts.length - 2] === "agents";
}

/**
 * Decides what chokidar skips: anything that is neither inside a root nor on the way to one; below a
 * root, hidden folders, `node_modules`, paths deeper than the walker goes, and files other than
 * `SKILL.md`, `skill.md` and `agents/openai.yaml`.
 */
export function createWatchFilter(plan: () => WatchPlan): (path: string, stats?: Stats) => boolean {
  return (path, stats) => {
    const { roots, maxDepth } = plan();
    for (const root of roots) {
      if (path === root) return false;
      if (path.startsWith(root + sep)) {
        const parts = path.slice(root.length + 1).split(sep);
        if (parts.some((part) => part.startsWith(".") || part === "node_modules")) continue;
        if (parts.length > maxDepth + 3) continue;
        if (stats?.isFile() && !isWatchedFile(parts)) continue;
        return false;
      }
      if (root.startsWith(path + sep) && !stats?.isFile()) return false;
    }
    return true;
  };
}

/**
 * Starts watching. Resolves once chokidar has read the initial tree, so that any change made after the
 * promise resolves is seen. Events reach listeners after the registry has been updated.
 */
export async function watchRegistry(host: WatchHost): Promise<RegistryWatcher> {
  let plan = await host.plan();
  const debounceMs = host.debounceMs ?? 50;
  const unsubscribers: (() => void)[] = [];
  if (host.listener) unsubscribers.push(host.subscribe(host.listener));
  const watched = new Set(plan.targets);
  // Loaded on first watch, not at import: a host that never watches never loads the watcher library.
  const { watch } = await import("chokidar");
  const watcher: FSWatcher = watch([...watched], {
    ignoreInitial: true,
    followSymlinks: plan.followLinks,
    ignored: createWatchFilter(() => plan),
  });
  let pending: FileChange[] = [];
  let timer: NodeJS.Timeout | undefined;
  let working: Promise<void> = Promise.resolve();
  let closed = false;

  const replan = async () => {
    plan = await host.plan();
    const fresh = plan.targets.filter((target) => !watched.has(target));
    for (const target of fresh) watched.add(target);
    if (fresh.length > 0 && !closed) watcher.add(fresh);
  };
  const handle = async (batch: FileChange[]) => {
    try {
      await host.apply(batch);
      await replan();
    } catch {
      // A failed batch leaves the registry as it was; the next change or reload repairs it.
    }
  };
  unsubscribers.push(
    host.subscribeRoots(() => {
      working = working.then(() => replan().catch(() => {}));
    }),
  );
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    working = working.then(() => handle(batch));
  };
  const record = (kind: FileChange["kind"]) => (path: string) => {
    if (closed) return;
    if (kind === "unlinkDir") watched.delete(path);
    pending.push({ kind, path });
    timer ??= setTimeout(flush, debounceMs);
  };
  for (const kind of ["add", "change", "unlink", "addDir", "unlinkDir"] as const) {
    watcher.on(kind, record(kind));
  }
  watcher.on("error", () => {
    // Permission errors and vanished folders are expected while trees change; the registry stays usable.
  });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  const settings = await watchSettingsFiles(host, () => {
    if (closed) return;
    working = working.then(async () => {
      try {
        await host.settingsChanged?.();
        await replan();
      } catch {
        // A settings file being written may not parse yet: the next change, or reload, repairs it.
      }
    });
  });

  return {
    on(listener) {
      const off = host.subscribe(listener);
      unsubscribers.push(off);
      return off;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      settings.close();
      await watcher.close();
      await working;
      for (const off of unsubscribers) off();
      await host.flush();
    },
  };
}

/**
 * Watches the host's settings files by their stamps (`fs.watchFile`: a file that does not exist yet is
 * watched for its creation, and one written by rename is seen too), telling `changed` once per quiet
 * moment. The timers keep no process alive.
 */
async function watchSettingsFiles(host: WatchHost, changed: () => void): Promise<{ close(): void }> {
  const files = (await host.settingsFiles?.()) ?? [];
  if (files.length === 0 || host.settingsChanged === undefined) return { close() {} };
  const { unwatchFile, watchFile } = await import("node:fs");
  let timer: NodeJS.Timeout | undefined;
  const listener = (current: Stats, previous: Stats) => {
    if (
      current.mtimeMs === previous.mtimeMs &&
      current.ctimeMs === previous.ctimeMs &&
      current.size === previous.size &&
      current.ino === previous.ino
    )
      return;
    timer ??= setTimeout(() => {
      timer = undefined;
      changed();
    }, host.debounceMs ?? 50);
  };
  const interval = host.settingsIntervalMs ?? 500;
  for (const file of files) watchFile(file, { interval, persistent: false }, listener);
  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const file of files) unwatchFile(file, listener);
    },
  };
}
