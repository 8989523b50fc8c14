/**
 * @module Breadth-first, bounded search of one root for SKILL.md files (SPEC §5 Walking).
 */
import { resolve } from "node:path";
import type { WalkLimits } from "../config/config-schema.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { realpathNow, syncReads } from "../fs/sync-reads.js";
import type { Root } from "../roots/root.js";
import {
  errorCode,
  type FolderReport,
  inspectFolder,
  inspectFolderSync,
  type WalkContext,
  type WalkFolder,
} from "./inspect-folder.js";
import { linkAreasFor } from "./link-policy.js";
import { symlinkCycle, unreadableDirectory, walkLimitReached } from "./walk-diagnostics.js";
import type { FoundSkillFile, WalkOptions, WalkResult } from "./walk-types.js";

const defaultConcurrency = 32;

/**
 * Walks one root breadth-first. With a file system that has synchronous reads (the node one does), each
 * folder is listed synchronously as the merge reaches it: a start-up walk of thousands of small folders
 * then costs about what a plain `readdirSync` walk costs. Otherwise folders are read by a bounded pool
 * that runs ahead of the merge (so the disk stays busy across levels). Either way reports are merged
 * strictly in queue order (breadth-first, names sorted), so the result, limits included, never depends
 * on timing.
 *
 * - Limits (`limits`): folders deeper than `maxDepth` below the root are not read, at most `maxDirectories`
 *   folders and `maxEntries` directory entries are read; reaching one adds one `walk-limit` warning.
 * - Hidden folders and `node_modules` below the root are skipped; so are a skill's `scripts/`,
 *   `references/` and `assets/`. Other folders inside a skill are searched (nested skills exist).
 * - `SKILL.md` wins over `skill.md`; a lowercase file is used with a `lowercase-skill-file` warning.
 * - With `root.followLinks`, folder links and linked `SKILL.md` files are followed as the link policy
 *   allows (`link-policy.ts`: a linked SKILL.md only to a regular file named SKILL.md; with `linkAreas`,
 *   nothing outside them); a folder whose real path was already searched is not searched again (an info
 *   `symlink-cycle` when the link points back up). Only regular files are ever reported.
 * - Each file is returned once per root, by real path.
 *
 * A missing root yields no files and no diagnostics. Never throws for bad trees.
 * @example const { files, diagnostics } = await walkRoot(root, { limits: defaultConfig.discovery.limits });
 */
export async function walkRoot(root: Root, options: WalkOptions): Promise<WalkResult> {
  const fs = options.fs ?? nodeFileSystem;
  const { limits } = options;
  const reportLimit = options.limitReached ?? walkLimitReached;
  const result: WalkResult = { files: [], diagnostics: [], directories: 0 };
  let rootReal: string;
  try {
    rootReal = await realpathNow(fs, root.path);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ELOOP") result.diagnostics.push(symlinkCycle(root.path));
    else if (code !== "ENOENT" && code !== "ENOTDIR")
      result.diagnostics.push(unreadableDirectory(root.path, code));
    return result;
  }

  // `resolve` drops a trailing separator, so paths below the root are built the same way every time.
  const queue: WalkFolder[] = [{ path: resolve(root.path), real: rootReal, depth: 0 }];
  const context: WalkContext = { root, fs };
  const linkAreas = linkAreasFor(root, options.linkAreas);
  if (linkAreas !== undefined) context.linkAreas = linkAreas;
  if (options.searchHidden) context.searchHidden = true;
  if (options.keepSkillListings) context.keepSkillListings = true;
  if (options.skillFileLinksAnywhere) context.skillFileLinksAnywhere = true;
  const sync = syncReads(fs);
  const syncContext = sync ? { ...context, fs: sync } : undefined;
  if (syncContext && options.listings && !options.searchHidden) syncContext.listings = options.listings;
  const reader = syncContext
    ? {
        report: (index: number) => inspectFolderSync(queue[index] as WalkFolder, syncContext, index === 0),
        pump: () => {},
        stop: () => {},
      }
    : readAhead(queue, context, Math.max(1, options.concurrency ?? defaultConcurrency));

  // Without links the tree is a tree: no real path can come twice. The sets that catch repeats (of folders
  // searched and files found) are made when the first link is met, from what was met until then.
  let visited: Set<string> | undefined;
  let seenFiles: Set<string> | undefined;
  const reached = new Set<keyof WalkLimits>();
  const limitReached = (limit: keyof WalkLimits) => {
    if (!reached.has(limit)) result.diagnostics.push(reportLimit(root.path, limit, limits[limit]));
    reached.add(limit);
  };
  let entries = 0;
  reader.pump();
  for (let index = 0; index < queue.length; index++) {
    const folder = queue[index] as WalkFolder;
    const next = reader.report(index);
    const report = next instanceof Promise ? await next : next;
    if (entries + report.entries > limits.maxEntries) {
      limitReached("maxEntries");
      break;
    }
    entries += report.entries;
    result.directories++;
    if (report.diagnostics) for (const item of report.diagnostics) result.diagnostics.push(item);
    if (report.linked && !visited) {
      visited = new Set(queue.map((queued) => queued.real));
      seenFiles = new Set(result.files.map((found) => found.realPath));
    }
    const file = report.skillFile;
    if (file && !seenFiles?.has(file.realPath)) {
      seenFiles?.add(file.realPath);
      const found: FoundSkillFile = {
        path: file.path,
        realPath: file.realPath,
        dir: folder.path,
        realDir: folder.real,
        root,
        lowercase: file.lowercase,
        hasAgentsDir: file.hasAgentsDir,
      };
      if (report.listing) found.listing = report.listing;
      result.files.push(found);
    }
    for (const sub of report.subfolders) {
      if (visited?.has(sub.real)) {
        if (sub.viaLink && isSameOrInside(folder.real, sub.real)) {
          result.diagnostics.push(symlinkCycle(sub.path, sub.real));
        }
        continue;
      }
      if (folder.depth + 1 > limits.maxDepth) {
        limitReached("maxDepth");
        break;
      }
      if (queue.length >= limits.maxDirectories) {
        limitReached("maxDirectories");
        break;
      }
      visited?.add(sub.real);
      queue.push({ path: sub.path, real: sub.real, depth: folder.depth + 1 });
    }
    reader.pump();
  }
  reader.stop();
  return result;
}

/**
 * The async reader: a bounded pool that reads folders ahead of the merge. Reports land in `ready` as reads
 * finish; the merge awaits only when it catches up with the pool.
 */
function readAhead(queue: readonly WalkFolder[], context: WalkContext, concurrency: number) {
  const ready: (FolderReport | undefined)[] = [];
  const pending: (Promise<FolderReport> | undefined)[] = [];
  let started = 0;
  let inFlight = 0;
  let stopped = false;
  const pump = () => {
    while (!stopped && inFlight < concurrency && started < queue.length) {
      const index = started++;
      inFlight++;
      pending[index] = inspectFolder(queue[index] as WalkFolder, context, index === 0).then((report) => {
        ready[index] = report;
        inFlight--;
        pump();
        return report;
      });
    }
  };
  return {
    pump,
    report(index: number): FolderReport | Promise<FolderReport> {
      const report = ready[index] ?? (pending[index] as Promise<FolderReport>);
      ready[index] = undefined;
      pending[index] = undefined;
      return report;
    },
    // Reads still in flight after a stop finish on their own; nothing new starts.
    stop: () => {
      stopped = true;
    },
  };
}
