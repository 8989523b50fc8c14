/**
 * @module What the registry's watcher watches: every existing root, and for a missing repo or user root
 * the nearest existing folder above it (inside the project or the home folder), where it may appear.
 */
import { dirname } from "node:path";
import type { SkillsetConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { compareText } from "./rank-precedence.js";
import type { RootState } from "./root-state.js";
import type { WatchPlan } from "./watch-registry.js";

/** Where the roots live, for {@link planWatch}. */
export interface WatchPlanContext {
  projectRoot: string;
  home: string | undefined;
  discovery: SkillsetConfig["discovery"];
  fs: FileSystem;
}

export async function planWatch(states: readonly RootState[], context: WatchPlanContext): Promise<WatchPlan> {
  const targets = new Set<string>();
  for (const state of states) {
    if (state.exists) {
      targets.add(state.root.path);
      continue;
    }
    const boundary =
      state.root.scope === "repo"
        ? context.projectRoot
        : state.root.scope === "user"
          ? context.home
          : undefined;
    if (boundary === undefined || !isSameOrInside(state.root.path, boundary)) continue;
    for (let folder = dirname(state.root.path); isSameOrInside(folder, boundary); folder = dirname(folder)) {
      if (await context.fs.exists(folder)) {
        targets.add(folder);
        break;
      }
      if (folder === boundary) break;
    }
  }
  return {
    targets: [...targets].sort(compareText),
    roots: states.map((state) => state.root.path),
    maxDepth: context.discovery.limits.maxDepth,
    followLinks: context.discovery.followSymlinks,
  };
}
