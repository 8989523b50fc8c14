/**
 * @module What `validate` and `lint` check when given no paths: the same thing for both — the project's
 * folder (its root, found from cwd), never the skills under the user's HOME, so CI gives the same answer on
 * every machine.
 */
import { resolve } from "node:path";
import { defaultConfig } from "@skillset/core/config";
import { findProjectRoot } from "@skillset/core/roots";
import type { CommandContext } from "./command.js";

/** The given paths (absolute), else the project root. */
export async function checkTargets(context: CommandContext): Promise<string[]> {
  if (context.positionals.length > 0) return context.positionals.map((path) => resolve(context.cwd, path));
  return [await findProjectRoot(context.cwd, defaultConfig.discovery.projectMarkers)];
}
