/**
 * @module What `validate` and `lint` check when given no paths: the same thing for both — the project's
 * folder (its root, found from cwd), never the skills under the user's HOME, so CI gives the same answer on
 * every machine — searched as deep as the project's `discovery.limits` let discovery search.
 */
import { resolve } from "node:path";
import type { WalkLimits } from "@skillset/core/config";
import type { CommandContext } from "./command.js";
import { configFlags } from "./config-flags.js";

/** The folders or files to check (absolute), and the bounds of each walk when they are not the default. */
export interface CheckTargets {
  paths: string[];
  limits?: WalkLimits;
}

/**
 * The given paths (absolute) with the default bounds, else the project root with bounds raised to the
 * project's discovery limits. The config and roots stages (some thirty modules) are loaded only for the
 * project: given paths need neither.
 */
export async function checkTargets(context: CommandContext): Promise<CheckTargets> {
  if (context.positionals.length > 0) {
    return { paths: context.positionals.map((path) => resolve(context.cwd, path)) };
  }
  const [{ defaultConfig, loadConfig }, { findProjectRoot }, { validateWalkLimits }] = await Promise.all([
    import("@skillset/core/config"),
    import("@skillset/core/roots"),
    import("@skillset/core/validate"),
  ]);
  const projectRoot = await findProjectRoot(context.cwd, defaultConfig.discovery.projectMarkers);
  const flags = configFlags(context);
  const { config } = await loadConfig({
    projectRoot,
    env: context.env,
    cwd: context.cwd,
    ...(flags === undefined ? {} : { flags }),
  });
  return { paths: [projectRoot], limits: validateWalkLimits(config.discovery.limits) };
}
