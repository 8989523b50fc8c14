/**
 * @module A skill given on the command line as a path or as a name. `read-properties` and `to-prompt`
 * take paths like the reference validator; a name that is not an existing path is looked up among the
 * skills in effect here (as `show` does), so `skillset to-prompt pdf` works too.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { looksLikePath } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { openRegistry } from "./open-skillset.js";

/**
 * The absolute paths of the given arguments: each existing path as it is; each other bare name replaced
 * by its skill's folder when exactly one skill in effect has it (else left as a path, so the caller reports
 * that it does not exist). The registry is opened only when some argument needs it.
 */
export async function skillArgumentPaths(context: CommandContext, argumentsGiven: readonly string[]) {
  const paths = argumentsGiven.map((argument) => resolve(context.cwd, argument));
  const names = argumentsGiven.filter(
    (argument, index) => !looksLikePath(argument) && !existsSync(paths[index]!),
  );
  if (names.length === 0) return paths;
  const { registry } = await openRegistry(context);
  return argumentsGiven.map((argument, index) => {
    if (!names.includes(argument)) return paths[index]!;
    const found = registry.lookup(argument);
    return found.kind === "found" ? found.entry.skill.dir : paths[index]!;
  });
}
