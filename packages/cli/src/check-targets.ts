/**
 * @module What `validate` and `lint` check when given no paths: the same thing for both — the project's
 * folder (its root, found from cwd), never the skills under the user's HOME, so CI gives the same answer on
 * every machine.
 */
import { resolve } from "node:path";
import type { CommandContext } from "./command.js";

/**
 * The given paths (absolute), else the project root. The config and roots stages (some thirty modules)
 * are loaded only to find the root: given paths need neither.
 */
export async function checkTargets(context: CommandContext): Promise<string[]> {
  if (context.positionals.length > 0) return context.positionals.map((path) => resolve(context.cwd, path));
  const [{ defaultConfig }, { findProjectRoot }] = await Promise.all([
    import("@skillset/core/config"),
    import("@skillset/core/roots"),
  ]);
  return [await findProjectRoot(context.cwd, defaultConfig.discovery.projectMarkers)];
}
