/**
 * @module A skill given on the command line as a path or as a name. `read-properties` and `to-prompt`
 * take paths like the reference validator; a name that is not an existing path is looked up among the
 * skills in effect here (as `show` does), so `skillset to-prompt pdf` works too.
 */
import { resolve } from "node:path";
import { looksLikePath } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { fs } from "./node-fs.js";
import { openRegistry } from "./open-skillset.js";
import { ambiguousMessage, unknownSkillMessage } from "./skill-messages.js";

/** One argument: the path it stands for, or why it stands for none (a message already inert for a terminal). */
export type SkillArgument = { path: string } | { problem: string };

/**
 * What the given arguments stand for: each existing path (or text that reads as a path) as it is; each
 * other bare name, its skill's folder when exactly one skill in effect has it — else the message `show`
 * gives (near names for an unknown name, every candidate's path for an ambiguous one). The registry is
 * opened only when some argument needs it.
 */
export async function skillArguments(
  context: CommandContext,
  argumentsGiven: readonly string[],
): Promise<SkillArgument[]> {
  const paths = argumentsGiven.map((argument) => resolve(context.cwd, argument));
  const names = argumentsGiven.filter(
    (argument, index) => !looksLikePath(argument) && !fs.existsSync(paths[index]!),
  );
  if (names.length === 0) return paths.map((path) => ({ path }));
  const { registry } = await openRegistry(context);
  return argumentsGiven.map((argument, index) => {
    if (!names.includes(argument)) return { path: paths[index]! };
    const found = registry.lookup(argument);
    if (found.kind === "found") return { path: found.entry.skill.dir };
    if (found.kind === "ambiguous") return { problem: ambiguousMessage(argument, found.entries) };
    return { problem: unknownSkillMessage(registry, argument, `, and no file or folder at ${paths[index]}`) };
  });
}
